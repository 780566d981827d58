// The anonymous list reads answered again below Fastify (infra/http/answer-replay.ts), over real HTTP: the same bytes
// and headers as Fastify's answer with a request id of their own, this process's writes shown at once, every variant
// of a request that could be answered differently left to Fastify, counted in the metrics like any other answer.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { AnswerReplay, REPLAY_MAX_ANSWERS, REPLAY_MAX_BYTES, REPLAY_TTL_MS } from '../src/infra/http/answer-replay.js';
import { databases } from './helpers/databases.js';
import {
  ADMIN,
  addProduct,
  call,
  createTestApp,
  logIn,
  signUp,
  type SignedIn,
  type TestApp,
} from './helpers/test-app.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET on a kept-alive connection, the body as bytes (no decoding, as a load client sees it). */
function get(origin: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${path}`, { headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** The headers every answer has of its own. */
function shared({ headers }: Answer) {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

const requestCount = (metrics: string, route: string) =>
  Number(
    new RegExp(`^http_requests_total\\{method="GET",route="${route}",status="200"\\} (\\d+)$`, 'm').exec(
      metrics,
    )?.[1] ?? 0,
  );

describe.each(databases)('answers replayed below Fastify on %s', (kind) => {
  let t: TestApp;
  let origin: string;
  let admin: SignedIn;
  let ann: SignedIn;
  let ssd: string;
  const replayed = () => t.app.answerReplay.replayed;
  /** Waits out a kept answer's lifetime, so the next read goes through Fastify whatever came before. */
  const expire = () => new Promise((r) => setTimeout(r, REPLAY_TTL_MS + 20));

  beforeAll(async () => {
    t = await createTestApp(kind);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    ann = await signUp(t.app, 'Ann Buyer', 'ann@example.com');
    ssd = await addProduct(t.app, admin, { name: 'NVMe SSD', quantity: 10, availableQuantity: 500 });
    // Characters of two and three bytes in UTF-8: the kept bytes must be the bytes, not the characters.
    const review = await call(t.app, 'POST', '/api/review', ann, {
      name: 'Grüße ✓',
      rating: 5,
      description: 'Schnell — danke.',
    });
    expect(review.statusCode).toBe(201);
  });
  afterAll(async () => {
    agent.destroy();
    await t.close();
  });

  it('answers the same status, headers and bytes as Fastify did, with a request id of its own', async () => {
    await expire();
    const before = replayed();
    const first = await get(origin, '/api/review');
    const second = await get(origin, '/api/review');
    const third = await get(origin, '/api/review');
    expect(replayed() - before).toBe(2);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body.toString('utf8'))).toEqual([
      expect.objectContaining({ name: 'Grüße ✓', rating: 5, description: 'Schnell — danke.' }),
    ]);
    for (const again of [second, third]) {
      expect(again.status).toBe(200);
      expect(again.body.equals(first.body)).toBe(true);
      expect(shared(again)).toEqual(shared(first));
    }
    expect(first.headers['content-length']).toBe(String(first.body.length));
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['content-security-policy']).toContain("default-src 'self'");
    const ids = [first, second, third].map((a) => a.headers['x-request-id']);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[\w-]+-[0-9a-z]+$/);
  });

  it('keeps an answer for REPLAY_TTL_MS only', async () => {
    await get(origin, '/api/review');
    await expire();
    const before = replayed();
    await get(origin, '/api/review');
    expect(replayed()).toBe(before);
  });

  it("shows this process's writes at once: a new review, a new product, the stock an order takes", async () => {
    await get(origin, '/api/review');
    const kept = await get(origin, '/api/review');
    const res = await call(t.app, 'POST', '/api/review', ann, { name: 'Ann', rating: 4, description: 'Fast.' });
    expect(res.statusCode).toBe(201);
    const after = await get(origin, '/api/review');
    expect(JSON.parse(after.body.toString('utf8'))).toHaveLength(JSON.parse(kept.body.toString('utf8')).length + 1);

    const stockOf = async () =>
      (
        JSON.parse((await get(origin, '/api/service')).body.toString('utf8')) as Array<{
          _id: string;
          availableQuantity: number;
        }>
      ).find((p) => p._id === ssd)?.availableQuantity;
    expect(await stockOf()).toBe(500);
    expect(await stockOf()).toBe(500);
    const placed = await call(t.app, 'POST', '/api/order', ann, {
      productId: ssd,
      inputQuantity: 120,
      phone: '1',
      address: 'a',
    });
    expect(placed.statusCode).toBe(201);
    expect(await stockOf()).toBe(380);
    const fan = await addProduct(t.app, admin, { name: 'Case Fan', quantity: 10, availableQuantity: 70 });
    const names = async () =>
      (
        JSON.parse((await get(origin, '/api/service?sort=newest&limit=1')).body.toString('utf8')) as Array<{
          _id: string;
        }>
      ).map((p) => p._id);
    expect(await names()).toEqual([fan]);
    expect((await call(t.app, 'DELETE', `/api/service/${fan}`, admin)).statusCode).toBe(200);
    expect(await names()).toEqual([ssd]);
  });

  it('leaves to Fastify every request that could be answered otherwise', async () => {
    await expire();
    const plain = await get(origin, '/api/service');
    await get(origin, '/api/service');
    const before = replayed();
    const shopOrigin = new URL(t.app.config.publicUrl).origin;
    // Another Origin: CORS answers it with its own header, which the kept answer lacks.
    const cors = await get(origin, '/api/service', { origin: shopOrigin });
    expect(cors.headers['access-control-allow-origin']).toBe(shopOrigin);
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    // Another Accept-Encoding, a conditional request, a token (a member's prices, an API key), another query, HEAD.
    await get(origin, '/api/service', { 'accept-encoding': 'gzip' });
    const conditional = await get(origin, '/api/service', { 'if-none-match': String(plain.headers.etag) });
    expect(conditional.status).toBe(304);
    expect((await get(origin, '/api/service', ann.auth)).status).toBe(200);
    const badQuery = await get(origin, '/api/service?limit=abc');
    expect(badQuery.status).toBe(400);
    expect(replayed()).toBe(before);
    // The variant with the shop's Origin is kept on its own and replayed with its CORS header.
    const again = await get(origin, '/api/service', { origin: shopOrigin });
    expect(replayed()).toBe(before + 1);
    expect(again.headers['access-control-allow-origin']).toBe(shopOrigin);
    expect(again.body.equals(cors.body)).toBe(true);
  });

  it('counts replayed answers in the metrics as their route', async () => {
    await expire();
    const countBefore = requestCount((await call(t.app, 'GET', '/metrics')).body, '/api/review');
    const before = replayed();
    for (let i = 0; i < 5; i++) expect((await get(origin, '/api/review')).status).toBe(200);
    expect(replayed() - before).toBe(4);
    expect(requestCount((await call(t.app, 'GET', '/metrics')).body, '/api/review') - countBefore).toBe(5);
  });

  it('answers nothing once the server starts closing', async () => {
    await get(origin, '/api/review');
    t.app.answerReplay.close();
    const before = replayed();
    expect((await get(origin, '/api/review')).status).toBe(200);
    expect(replayed()).toBe(before);
  });
});

describe('answers replayed below Fastify, switched off', () => {
  it.each<[string, Record<string, string>]>([
    ['a per-minute rate limit', { RATE_LIMIT_PER_MINUTE: '1000' }],
    ['per-request logging', { LOG_LEVEL: 'debug' }],
  ])('with %s every request reaches Fastify', async (_what, env) => {
    const lines: string[] = [];
    const t = await createTestApp('sqlite', env, { logStream: { write: (line) => void lines.push(line) } });
    try {
      const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const answer = await get(origin, '/api/review');
        expect(answer.status).toBe(200);
        ids.push(String(answer.headers['x-request-id']));
      }
      expect(t.app.answerReplay.replayed).toBe(0);
      if (env.LOG_LEVEL === 'debug') {
        const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
        for (const id of ids)
          expect(logged.filter((l) => l.reqId === id).map((l) => l.msg)).toContain('request completed');
      }
    } finally {
      await t.close();
    }
  });
});

describe('AnswerReplay on a bare Fastify app', () => {
  let version = 0;
  let reads = 0;
  let bumpWhileReading = false;
  let replay: AnswerReplay;
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    let ids = 0;
    replay = new AnswerReplay({ enabled: true, requestId: () => `id-${++ids}` });
    app = Fastify({ serverFactory: replay.serverFactory });
    app.get<{ Querystring: { size?: string } }>('/list', { onSend: replay.capture }, async (request) => {
      replay.offer(request, () => version);
      reads += 1;
      await new Promise((r) => setTimeout(r, 5));
      // A write lands while the list is being read: what was read must not be kept.
      if (bumpWhileReading) version += 1;
      return 'x'.repeat(Number(request.query.size ?? 10));
    });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('does not keep an answer read while its list changed', async () => {
    bumpWhileReading = true;
    await get(origin, '/list?a');
    await get(origin, '/list?a');
    expect(replay.replayed).toBe(0);
    bumpWhileReading = false;
    await get(origin, '/list?a');
    const readsBefore = reads;
    const again = await get(origin, '/list?a');
    expect(replay.replayed).toBe(1);
    expect(reads).toBe(readsBefore);
    expect(again.headers['x-request-id']).toMatch(/^id-\d+$/);
  });

  it(`keeps bodies of at most ${REPLAY_MAX_BYTES} bytes`, async () => {
    const before = replay.replayed;
    for (const size of [REPLAY_MAX_BYTES, REPLAY_MAX_BYTES + 1]) {
      await get(origin, `/list?size=${size}`);
      expect((await get(origin, `/list?size=${size}`)).body.length).toBe(size);
    }
    expect(replay.replayed).toBe(before + 1);
  });

  it(`keeps at most ${REPLAY_MAX_ANSWERS} answers, the oldest going first`, async () => {
    for (let i = 0; i <= REPLAY_MAX_ANSWERS; i++) await get(origin, `/list?n=${i}`);
    const before = replay.replayed;
    await get(origin, `/list?n=${REPLAY_MAX_ANSWERS}`);
    expect(replay.replayed).toBe(before + 1);
    await get(origin, '/list?n=0');
    expect(replay.replayed).toBe(before + 1);
  });
});
