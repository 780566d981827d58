// X-Request-Id (B2B §8): every answer carries one and every log line of the request has it (Fastify's reqId).
// A caller's own id is kept only when the request came through a proxy TRUST_PROXY names, since only a proxy we run
// sets it for us (and a made-up id from anyone else could be used to blur the logs), and only when it is a sane token.
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/** At most 128 visible ASCII characters: no spaces, no control characters, nothing a log line or header could split on. */
const SANE_ID = /^[\x21-\x7e]{1,128}$/;

export function isSaneRequestId(value: unknown): value is string {
  return typeof value === 'string' && SANE_ID.test(value);
}

/**
 * Whether the nearest peer is one of our proxies. A hop count says every request comes through that many proxies, so
 * the peer is one; a list of addresses is checked the way Fastify checks it (@fastify/proxy-addr).
 */
function trustedPeer(trust: Config['trustProxy']): ((address: string | undefined) => boolean) | undefined {
  if (trust === false || trust === 0) return undefined;
  if (typeof trust === 'number') return () => true;
  const isProxy = proxyAddr.compile(trust);
  return (address) => address !== undefined && isProxy(address, 0);
}

/** A request's id, and `fresh` for an answer that has no parsed request to take a proxy's id from. */
export type RequestIdGenerator = ((req: IncomingMessage) => string) & { fresh: () => string };

/**
 * Fastify's genReqId. A fresh id is a random per-instance prefix and a counter: unique across instances and restarts,
 * and as cheap as Fastify's own counter (a UUID per request measured slower: bench/results/history.md, "Request ids").
 */
export function requestIdGenerator(trust: Config['trustProxy']): RequestIdGenerator {
  const prefix = randomBytes(6).toString('base64url');
  let counter = 0;
  const fresh = () => `${prefix}-${(++counter).toString(36)}`;
  const trusted = trustedPeer(trust);
  // Untrusted: every id is fresh, so genReqId is `fresh` itself (no wrapper call on the hot path).
  if (!trusted) return Object.assign(fresh, { fresh });
  const forRequest = (req: IncomingMessage) => {
    const given = req.headers[REQUEST_ID_HEADER];
    return isSaneRequestId(given) && trusted(req.socket.remoteAddress) ? given : fresh();
  };
  return Object.assign(forRequest, { fresh });
}
