// What a failed delivery attempt means, in words an administrator can act on (issue #47): "connect ECONNREFUSED
// 127.0.0.1:9" becomes "nothing answered at that address (connection refused). Check the URL and that your receiver is
// running." The technical text stays in the attempt's `error` (the delivery log shows both); this reads that text, so
// the log's older rows get their words too. send.ts keeps Node's error code in the text for this reason.
import { ATTEMPT_TIMEOUT_MS } from './send.js';

interface Rule {
  /** Matched against the attempt's technical error text. */
  test: RegExp;
  words: string;
}

const seconds = ATTEMPT_TIMEOUT_MS / 1000;

/** The usual network failures, the first match wins. Each reads after "Ping failed: " or "Failed: ". */
const RULES: Rule[] = [
  {
    test: /ECONNREFUSED/,
    words: 'nothing answered at that address (connection refused). Check the URL and that your receiver is running.',
  },
  {
    test: /no answer within|ETIMEDOUT|ESOCKETTIMEDOUT|ERR_SOCKET_CONNECTION_TIMEOUT/,
    words:
      `the receiver did not answer within ${seconds} seconds (timed out). Check that it is running and reachable ` +
      'from the internet, and that it answers before doing slow work.',
  },
  {
    test: /ENOTFOUND|does not resolve/,
    words: 'no server has that name (DNS lookup found nothing). Check the spelling of the host name in the URL.',
  },
  {
    test: /EAI_AGAIN/,
    words: 'the host name could not be looked up just now (DNS did not answer). Try again in a minute.',
  },
  {
    test: /CERT_HAS_EXPIRED|CERT_NOT_YET_VALID/,
    words: "the receiver's certificate is expired or not yet valid (TLS). Renew the certificate on your receiver.",
  },
  {
    test: /ERR_TLS_CERT_ALTNAME_INVALID|altnames/,
    words:
      "the receiver's certificate is for another name (TLS). Use the host name its certificate names, or a " +
      'certificate for this one.',
  },
  {
    test: /SELF_SIGNED|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT|CERT_UNTRUSTED|CERT_SIGNATURE_FAILURE/,
    words:
      "the receiver's certificate is not trusted (TLS: self-signed or from an unknown authority). Use a " +
      'certificate from a public certificate authority.',
  },
  {
    test: /EPROTO|ERR_SSL_|SSL routines|TLS/,
    words:
      'the secure connection could not be set up (TLS handshake failed). Check that the receiver speaks https on ' +
      'that port, or use an http:// URL.',
  },
  {
    test: /ECONNRESET|socket hang up|EPIPE/,
    words: 'the receiver closed the connection before answering (connection reset). Check its logs.',
  },
  {
    test: /EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN/,
    words: 'that address cannot be reached from the shop (no route to it). Check the URL.',
  },
  {
    test: /not a public|not public|special-purpose|own address|EADDRNOTALLOWED/,
    words: 'the shop sends webhooks only to public internet addresses, and this one is not. Use a public URL.',
  },
  { test: /the endpoint was deleted/, words: 'the endpoint was deleted before the attempt.' },
];

function httpWords(status: number): string {
  if (status >= 300 && status < 400)
    return `the receiver answered HTTP ${status}, a redirect, which the shop does not follow. Use the final URL.`;
  if (status === 401 || status === 403)
    return (
      `the receiver refused the call (HTTP ${status}). Check that it verifies the signature with this ` +
      "endpoint's secret."
    );
  if (status === 404) return 'the receiver has nothing at that path (HTTP 404). Check the path in the URL.';
  return `the receiver answered HTTP ${status} instead of a 2xx. Check its logs; the shop counts only 2xx as delivered.`;
}

/**
 * The plain words for an attempt: null when it was delivered; otherwise the matching rule's sentence, or, for a text
 * no rule knows, the technical text itself in a sentence.
 */
export function failureWords(status: number | null, error: string | null): string | null {
  if (error === null) return null;
  if (status !== null) return httpWords(status);
  const rule = RULES.find((r) => r.test.test(error));
  return rule ? rule.words : `the receiver could not be reached (${error}).`;
}
