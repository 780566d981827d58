// Sends an EncodedList (encoded-list.ts) as HTTP wants a cached answer sent: the encoding the client accepts
// (brotli, then gzip, else the bytes as they are) with Content-Encoding and Vary, an ETag per encoding, and 304 when
// If-None-Match names the content the client already has.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EncodedList } from './encoded-list.js';
import { ifNoneMatchNames } from './if-none-match.js';
import { JSON_CONTENT_TYPE } from './json-text.js';

/** Whether Accept-Encoding offers `coding` with a q-value above 0. */
export function accepts(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name?.trim() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The list's tag, or one of its per-encoding variants (`"<tag>-br"`, `"<tag>-gzip"`). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const variant = `"${etag.slice(1, -1)}-`;
  return ifNoneMatchNames(request.headers['if-none-match'], (tag) => tag === etag || tag.startsWith(variant));
}

/** Adds Accept-Encoding to a Vary header that other hooks (CORS) may have set already. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const present = typeof vary === 'string' ? vary : '';
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(present))
    reply.header('vary', present ? `${present}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Sends the list in the best encoding the client accepts. The bytes as they are go out at once (nothing is returned,
 * as Fastify wants then); a compressed body may still be being made, so that path returns a promise.
 */
export function sendEncodedList(
  request: FastifyRequest,
  reply: FastifyReply,
  list: EncodedList,
): undefined | Promise<void> {
  const header = request.headers['accept-encoding'];
  const compressed =
    list.br && accepts(header, 'br') ? list.br : list.gzip && accepts(header, 'gzip') ? list.gzip : null;
  if (!compressed) return send(request, reply, list, null, list.raw);
  const coding = compressed === list.br ? 'br' : 'gzip';
  return compressed.then(
    (body) => void (body ? send(request, reply, list, coding, body) : send(request, reply, list, null, list.raw)),
  );
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  list: EncodedList,
  coding: 'br' | 'gzip' | null,
  body: Buffer,
): undefined {
  varyOnEncoding(reply);
  reply.header('etag', coding ? `"${list.etag.slice(1, -1)}-${coding}"` : list.etag).type(JSON_CONTENT_TYPE);
  if (notModified(request, list.etag)) {
    reply.code(304).send();
    return undefined;
  }
  if (coding) reply.header('content-encoding', coding);
  reply.send(body);
  return undefined;
}
