// Requests refused before any route sees them: a URL with broken percent-encoding (Fastify's frameworkErrors) and what
// Node's HTTP parser refuses (its clientError: headers too large, an unknown method, a malformed request line or
// header, a request past its time-out). Fastify's own answers to the parser's refusals were in another shape, without
// X-Request-Id or the security headers, and nothing counted them or the bad URLs. Here both are answered in the API's
// shape with an id, and counted in the request metrics under the route label "unparsed" (a parser refusal has no
// method either: "UNKNOWN").
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id.js';

export const UNPARSED_ROUTE = 'unparsed';

type CountRequest = (route: string, method: string, status: number, seconds: number) => void;

/** Node's parser error codes and what they are answered with; any other is 400. */
const PARSER_REFUSALS: Record<string, { status: number; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'headers_too_large', message: 'The request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout', message: 'The request took too long to arrive' },
};
const MALFORMED = { status: 400, code: 'bad_request', message: 'The request is malformed' };

export class PreRoutingRefusals {
  private count: CountRequest = () => undefined;

  constructor(
    /** The headers every answer carries (the API's security headers). */
    private readonly headers: Record<string, string>,
    private readonly newId: () => string,
    private readonly log: () => FastifyBaseLogger,
  ) {}

  /** The metrics plugin's counter, once it is registered. */
  countWith(count: CountRequest): void {
    this.count = count;
  }

  /** Fastify's frameworkErrors: its only framework error is a URL whose percent-encoding does not decode. */
  readonly badUrl = (_error: Error, request: FastifyRequest, reply: FastifyReply): void => {
    this.count(UNPARSED_ROUTE, request.method, 400, 0);
    void reply
      .code(400)
      .headers(this.headers)
      .header(REQUEST_ID_HEADER, request.id)
      .send({ error: { code: 'bad_url', message: 'The request URL is malformed' } });
  };

  /** Fastify's clientErrorHandler: writes the answer on the socket itself, as no request or reply exists. */
  readonly clientError = (error: NodeJS.ErrnoException, socket: Socket): void => {
    // A reset connection has nobody to answer (Node's own handling does the same).
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const refusal = PARSER_REFUSALS[error.code ?? ''] ?? MALFORMED;
    const id = this.newId();
    this.count(UNPARSED_ROUTE, 'UNKNOWN', refusal.status, 0);
    this.log().debug({ reqId: id, code: error.code }, `refused before routing: ${refusal.code}`);
    if (socket.writable) {
      const body = JSON.stringify({ error: { code: refusal.code, message: refusal.message } });
      const lines = [
        `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        `${REQUEST_ID_HEADER}: ${id}`,
        ...Object.entries(this.headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
