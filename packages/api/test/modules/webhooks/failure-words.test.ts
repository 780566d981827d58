// Issue #47: a failed ping says what went wrong in words an administrator can act on (refused, timed out, no such
// name, TLS), while the technical text stays in `error` and in the delivery log (both databases, real sockets on
// loopback). The words for failures a test cannot cause quickly (a 10 s timeout, a bad certificate) are checked on
// the mapping itself, with the texts Node gives.
import { createServer } from 'node:http';
import type { WebhookDelivery } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureWords } from '../../../src/modules/webhooks/failure-words.js';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { startReceiver, type Receiver } from './receiver.js';
import { createHookWorld, register, type HookWorld } from './webhook-fixtures.js';

const REFUSED =
  'nothing answered at that address (connection refused). Check the URL and that your receiver is running.';
const NOT_FOUND = 'no server has that name (DNS lookup found nothing). Check the spelling of the host name in the URL.';
const TLS_FAILED =
  'the secure connection could not be set up (TLS handshake failed). Check that the receiver speaks https on that ' +
  'port, or use an http:// URL.';

/** A loopback port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('the probe did not listen');
  return address.port;
}

describe.each(databases)('webhook failures in plain words (%s)', (kind) => {
  let w: HookWorld;
  let receiver: Receiver;

  beforeAll(async () => {
    w = await createHookWorld(kind);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await w.t.close();
    await receiver.close();
  });

  async function ping(url: string): Promise<{ answer: WebhookDelivery; log: WebhookDelivery[] }> {
    const hook = await register(w.app, w.admin, url, ['order.created']);
    const res = await call(w.app, 'POST', `/api/admin/webhooks/${hook._id}/ping`, w.admin);
    expect(res.statusCode, res.body).toBe(200);
    const log = await call(w.app, 'GET', `/api/admin/webhooks/${hook._id}/deliveries`, w.admin);
    expect(log.statusCode).toBe(200);
    return { answer: res.json(), log: log.json() };
  }

  it('a refused connection: the words to act on, and the technical text kept in the answer and the log', async () => {
    const port = await closedPort();
    const { answer, log } = await ping(`http://127.0.0.1:${port}/hooks`);
    expect(answer).toMatchObject({
      type: 'ping',
      status: null,
      error: `connect ECONNREFUSED 127.0.0.1:${port}`,
      explanation: REFUSED,
    });
    expect(log).toEqual([answer]);
  });

  it('a host name that does not exist', async () => {
    const { answer } = await ping('http://nothing-here.invalid/hooks');
    expect(answer).toMatchObject({
      status: null,
      error: 'getaddrinfo ENOTFOUND nothing-here.invalid',
      explanation: NOT_FOUND,
    });
  });

  it('https to a receiver that speaks plain http: a TLS failure, its code kept', async () => {
    const { answer } = await ping(receiver.url.replace('http://', 'https://'));
    expect(answer.status).toBeNull();
    expect(answer.error).toMatch(/^write EPROTO .*wrong version number/);
    expect(answer.explanation).toBe(TLS_FAILED);
  });

  it('an HTTP answer other than 2xx says the status and what to check; a delivered ping has no words', async () => {
    receiver.answer = () => 500;
    const failed = (await ping(receiver.url)).answer;
    expect(failed).toMatchObject({
      status: 500,
      error: 'HTTP 500',
      explanation:
        'the receiver answered HTTP 500 instead of a 2xx. Check its logs; the shop counts only 2xx as delivered.',
    });
    receiver.answer = () => ({ status: 307, location: 'https://example.com/elsewhere' });
    expect((await ping(receiver.url)).answer.explanation).toBe(
      'the receiver answered HTTP 307, a redirect, which the shop does not follow. Use the final URL.',
    );
    receiver.answer = () => 200;
    const delivered = await ping(receiver.url);
    expect(delivered.answer).toMatchObject({ status: 200, error: null, explanation: null });
    expect(delivered.log).toEqual([delivered.answer]);
  });
});

describe('the words for each usual network failure', () => {
  it.each([
    ['no answer within 10 s', 'the receiver did not answer within 10 seconds (timed out).'],
    ['connect ETIMEDOUT 203.0.113.5:443', 'the receiver did not answer within 10 seconds (timed out).'],
    ['getaddrinfo EAI_AGAIN hooks.example.com', 'the host name could not be looked up just now (DNS did not answer).'],
    ['self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)', "the receiver's certificate is not trusted (TLS:"],
    ['unable to verify the first certificate (UNABLE_TO_VERIFY_LEAF_SIGNATURE)', "the receiver's certificate is not"],
    ['certificate has expired (CERT_HAS_EXPIRED)', "the receiver's certificate is expired or not yet valid (TLS)."],
    [
      "Hostname/IP does not match certificate's altnames: Host: a.example. is not in the cert's altnames: DNS:b.example",
      "the receiver's certificate is for another name (TLS).",
    ],
    ['socket hang up (ECONNRESET)', 'the receiver closed the connection before answering (connection reset).'],
    ['connect EHOSTUNREACH 203.0.113.9:443', 'that address cannot be reached from the shop (no route to it).'],
    ['hooks.example.com does not resolve', 'no server has that name (DNS lookup found nothing).'],
  ])('%s', (error, start) => {
    expect(failureWords(null, error)).toMatch(new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('a text no rule knows is said as it is; an HTTP 401 points at the secret', () => {
    expect(failureWords(null, 'something odd')).toBe('the receiver could not be reached (something odd).');
    expect(failureWords(401, 'HTTP 401')).toBe(
      "the receiver refused the call (HTTP 401). Check that it verifies the signature with this endpoint's secret.",
    );
    expect(failureWords(200, null)).toBeNull();
  });
});
