// The server-made pages in the encoding the client accepts (B2B §18). A catalogue page is some 70 kB of markup and the
// JSON its query starts from, 10 kB in gzip: on a phone's connection that is time before the first paint. zlib works
// in libuv's thread pool, so the event loop is not held meanwhile.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accepts, varyOnEncoding } from '../../infra/http/encoded-answer.js';
import { ifNoneMatchNames } from '../../infra/http/if-none-match.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Brotli's quality 4: nearly gzip's speed, a smaller page (the top qualities cost tens of milliseconds). */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

type Coding = 'br' | 'gzip';

const codingFor = (request: FastifyRequest): Coding | null => {
  const header = request.headers['accept-encoding'];
  return accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : null;
};

/** Whether If-None-Match names `etag` or one of its per-encoding variants (`"<tag>-br"`, `"<tag>-gzip"`). */
function namesPage(request: FastifyRequest, etag: string): boolean {
  const variant = `"${etag.slice(1, -1)}-`;
  return ifNoneMatchNames(request.headers['if-none-match'], (tag) => tag === etag || tag.startsWith(variant));
}

/**
 * Sends `html`, compressed when the client accepts it. With `etag` (over the page itself) it is tagged per encoding,
 * as a strong tag must be, and a conditional request naming any of them answers 304.
 */
export async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, etag?: string) {
  const coding = codingFor(request);
  varyOnEncoding(reply);
  if (etag) reply.header('etag', coding ? `"${etag.slice(1, -1)}-${coding}"` : etag);
  if (etag && namesPage(request, etag)) return reply.code(304).send();
  reply.type('text/html; charset=utf-8');
  if (!coding) return reply.send(html);
  const body = coding === 'br' ? await brotli(html, BROTLI) : await gzipped(html, { level: 6 });
  return reply.header('content-encoding', coding).send(body);
}
