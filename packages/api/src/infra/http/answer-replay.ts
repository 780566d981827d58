// The busiest reads (GET /api/service, GET /api/review) answered below Fastify: the whole answer a route gave an
// anonymous caller (status 200, headers, bytes) is kept for a moment and sent again, as it was, to the next callers of
// the same URL who would get the same answer. A Fastify app that only sends these bytes answers 0.71-0.91 as many
// requests a second as node:http alone, short of the 0.9 issue #27 asks (bench/results/history.md, "Reads below Fastify").
//
// An answer is replayed only while all of this holds, and otherwise the request goes through Fastify as any other:
// - the route offered it (`offer`), and the lists it came from have not changed since the route started reading them
//   (the route's version counter, bumped by every write in this process that changes them);
// - its body is at most REPLAY_MAX_BYTES, and it is younger than REPLAY_TTL_MS, so another instance's writes still
//   show within the list caches' lifetime and this one (docs/operations.md);
// - the request asks for it in the same way: GET, the same URL (query and all), the same Accept-Encoding and Origin
//   (which choose the encoding and the CORS headers), no Authorization (a member's prices, an API key), no
//   If-None-Match (the 304 is Fastify's), no body;
// - the server is not closing (Fastify then answers 503 and ends keep-alive connections), and neither a per-minute
//   rate limit nor per-request logging is on (both must see every request; app.ts decides).
// What still happens for a replayed answer: a fresh X-Request-Id and the request metrics of its route.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerFactory, onSendHookHandler } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id.js';

export const REPLAY_TTL_MS = 100;
/** URL and header variants kept at most (oldest out): a crawler's made-up query strings cannot grow the map. */
export const REPLAY_MAX_ANSWERS = 64;
/**
 * Larger bodies are not kept: a big list's sending outweighs what Fastify costs, and 64 of them at most stay small
 * (the demo's whole product list is 15.5 KB; a list of 100,000 products is 35 MB and has its own cache).
 */
export const REPLAY_MAX_BYTES = 64 * 1024;

/** Headers node:http writes itself for every answer; a kept answer must not carry a second copy. */
const MANAGED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length', REQUEST_ID_HEADER]);

interface Kept {
  /** Header names and values in one flat list, as writeHead takes them, with Content-Length; X-Request-Id is added. */
  headers: string[];
  /** The body's bytes as a latin1 string: node:http then writes head and body in one go. */
  body: string;
  expiresAt: number;
  /** The route pattern for the metrics (`/api/review`). */
  route: string;
  version: number;
  versionOf: () => number;
}

interface Offer {
  version: number;
  versionOf: () => number;
}

/** What Fastify's own HTTP/1 server takes from its options (fastify/lib/server.js), all set in app.ts. */
interface ServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
}

export type RequestCounter = (route: string, method: string, status: number, seconds: number) => void;

export interface AnswerReplayOptions {
  /** Off when every request must reach Fastify (see above). */
  enabled: boolean;
  /** The X-Request-Id of a request (the app's genReqId). */
  requestId: (req: IncomingMessage) => string;
}

function keyOf(req: IncomingMessage): string | undefined {
  const h = req.headers;
  if (
    req.method !== 'GET' ||
    h.authorization !== undefined ||
    h['if-none-match'] !== undefined ||
    h['content-length'] !== undefined ||
    h['transfer-encoding'] !== undefined
  )
    return undefined;
  return `${req.url ?? ''}\n${h['accept-encoding'] ?? ''}\n${h.origin ?? ''}`;
}

export class AnswerReplay {
  private readonly kept = new Map<string, Kept>();
  private readonly offers = new WeakMap<IncomingMessage, Offer>();
  private closing = false;
  private count: RequestCounter = () => undefined;
  /** Answers sent from here (tests read it). */
  replayed = 0;

  constructor(private readonly options: AnswerReplayOptions) {}

  /** The metrics plugin's counter, so replayed answers count as their route's. */
  countWith(count: RequestCounter): void {
    this.count = count;
  }

  /** From the moment Fastify starts closing, every request goes through it. */
  close(): void {
    this.closing = true;
    this.kept.clear();
  }

  /**
   * Called by a route before it reads its lists: its answer may be kept (by `capture`, the route's onSend hook) and
   * replayed while versionOf() still returns what it returns now.
   */
  offer(request: FastifyRequest, versionOf: () => number): void {
    if (this.options.enabled) this.offers.set(request.raw, { version: versionOf(), versionOf });
  }

  /** The onSend hook of a route that offers its answers. */
  readonly capture: onSendHookHandler = (request, reply, payload, done) => {
    this.keep(request, reply, payload);
    done(null, payload);
  };

  private keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const offer = this.offers.get(request.raw);
    if (!offer || this.closing || reply.statusCode !== 200) return;
    const key = keyOf(request.raw);
    if (key === undefined || offer.versionOf() !== offer.version) return;
    // A string's length in characters is at most its length in bytes: a long one is passed over before it is copied.
    const bytes =
      typeof payload === 'string' && payload.length <= REPLAY_MAX_BYTES
        ? Buffer.from(payload)
        : Buffer.isBuffer(payload)
          ? payload
          : undefined;
    if (!bytes || bytes.length > REPLAY_MAX_BYTES) return;
    const headers: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || MANAGED.has(name)) continue;
      // A header given several times (Set-Cookie) belongs to one caller, not to the list: such an answer is not kept.
      if (Array.isArray(value)) return;
      headers.push(name, String(value));
    }
    headers.push('content-length', String(bytes.length));
    this.kept.delete(key);
    if (this.kept.size >= REPLAY_MAX_ANSWERS) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, {
      headers,
      body: bytes.toString('latin1'),
      expiresAt: performance.now() + REPLAY_TTL_MS,
      route: request.routeOptions.url ?? '',
      version: offer.version,
      versionOf: offer.versionOf,
    });
  }

  /** Answers the request from a kept answer and returns true, or returns false and leaves it to Fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.closing || this.kept.size === 0) return false;
    const key = keyOf(req);
    const kept = key === undefined ? undefined : this.kept.get(key);
    if (!kept) return false;
    const started = performance.now();
    if (started >= kept.expiresAt || kept.versionOf() !== kept.version) {
      this.kept.delete(key as string);
      return false;
    }
    res.writeHead(200, [...kept.headers, REQUEST_ID_HEADER, this.options.requestId(req)]);
    res.end(kept.body, 'latin1');
    this.replayed += 1;
    this.count(kept.route, 'GET', 200, (performance.now() - started) / 1000);
    return true;
  }

  /**
   * Fastify's serverFactory: the node:http server Fastify would make (its options, timeouts included), whose requests
   * meet the kept answers first.
   */
  readonly serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    const options = fastifyOptions as ServerOptions;
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (!this.answer(req, res)) handler(req, res);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    return server;
  };
}
