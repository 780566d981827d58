// One delivery attempt over HTTP, after Standard Webhooks 1.0: POST the body with webhook-id, webhook-timestamp (this
// attempt's, in seconds) and webhook-signature (`v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed by the
// secret's bytes). A 2xx within ATTEMPT_TIMEOUT_MS delivers; a redirect is an answer like any other non-2xx (never
// followed); at most RESPONSE_READ_LIMIT bytes of the answer are read. Unless private receivers are allowed, each
// connection resolves through address-policy.ts's guarded lookup, so it reaches public addresses only.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { checkHost, guardedLookup, hostOf, type Resolve } from './address-policy.js';

/** B2B §9: a receiver has 10 seconds, connecting included. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** What is read of an answer before the connection is dropped: the status is what counts. */
const RESPONSE_READ_LIMIT = 64 * 1024;

export interface Attempt {
  url: string;
  secret: string;
  eventId: string;
  body: string;
  /** This attempt's time. */
  at: Date;
}

export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed by the bytes the `whsec_` secret encodes. */
export function signature(secret: string, eventId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${eventId}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * The error's message with Node's code when the message lacks it ("self-signed certificate
 * (DEPTH_ZERO_SELF_SIGNED_CERT)"): the delivery log keeps the technical detail, and failure-words.ts reads the code.
 * The address policy's refusals are already plain words and stay as they are.
 */
function withCode(error: Error): string {
  const code: unknown = Reflect.get(error, 'code');
  if (typeof code !== 'string' || code === 'EADDRNOTALLOWED' || error.message.includes(code)) return error.message;
  return `${error.message} (${code})`;
}

export interface Sender {
  send(attempt: Attempt): Promise<AttemptOutcome>;
  close(): void;
}

export function createSender(options: { allowPrivate: boolean; resolve: Resolve }): Sender {
  const lookup = options.allowPrivate ? undefined : guardedLookup(options.resolve);
  // Kept-alive connections: a busy shop's receivers are called many times a second. A connection was checked when it
  // was opened, and its address does not change while it lives.
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 16, timeout: ATTEMPT_TIMEOUT_MS }),
    https: new https.Agent({ keepAlive: true, maxSockets: 16, timeout: ATTEMPT_TIMEOUT_MS }),
  };

  async function send(attempt: Attempt): Promise<AttemptOutcome> {
    const url = new URL(attempt.url);
    const host = hostOf(url);
    // An address in the url opens no lookup, so it is checked here.
    if (!options.allowPrivate && isIP(host)) await checkHost(host, options.resolve);
    const timestamp = Math.floor(attempt.at.getTime() / 1000);
    const secure = url.protocol === 'https:';
    const request = (secure ? https : http).request(url, {
      method: 'POST',
      agent: secure ? agents.https : agents.http,
      ...(lookup ? { lookup } : {}),
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(attempt.body),
        'user-agent': 'Kestrel-Webhooks/1.0',
        'webhook-id': attempt.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature(attempt.secret, attempt.eventId, timestamp, attempt.body),
      },
    });
    const status = await new Promise<number>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > RESPONSE_READ_LIMIT) response.destroy();
        });
        response.on('error', () => undefined);
        response.on('close', () => resolve(response.statusCode ?? 0));
      });
      request.end(attempt.body);
    });
    if (status >= 200 && status < 300) return { ok: true, status, error: null };
    const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
    return { ok: false, status, error: `HTTP ${status}${redirect}` };
  }

  return {
    async send(attempt) {
      try {
        return await send(attempt);
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
        const message = timedOut
          ? `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`
          : error instanceof Error
            ? withCode(error)
            : String(error);
        return { ok: false, status: null, error: message.slice(0, 500) };
      }
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
