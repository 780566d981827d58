// X-Request-Id (B2B §8; infra/http/request-id.ts): on every kind of answer, a trusted proxy's id kept, anyone
// else's or a hostile one replaced, and the id in the log lines of its request.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isSaneRequestId, requestIdGenerator } from '../../../src/infra/http/request-id.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

/** A fresh id: the instance's random prefix, a dash, a base-36 counter. */
const FRESH = /^[\w-]{8}-[0-9a-z]+$/;

describe('X-Request-Id on every answer', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'kestrel-reqid-'));
    mkdirSync(join(root, 'static/js'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Kestrel</title>');
    writeFileSync(join(root, 'static/js/app.js'), 'app();');
    t = await createTestApp('sqlite', {}, { webDist: root });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const idOf = async (url: string, status: number, init: { method?: 'GET' | 'POST'; payload?: string } = {}) => {
    const res = await t.app.inject({
      url,
      method: init.method ?? 'GET',
      ...(init.payload === undefined ? {} : { payload: init.payload, headers: { 'content-type': 'application/json' } }),
    });
    expect(res.statusCode).toBe(status);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(FRESH);
    return id;
  };

  it('an API answer, health, a 404, errors, a malformed URL, a static file and a client route', async () => {
    const ids = [
      await idOf('/api/review', 200),
      await idOf('/api/health', 200),
      await idOf('/api/no-such-call', 404),
      await idOf('/api/auth/login', 400, { method: 'POST', payload: '{"email":' }),
      await idOf('/api/orders', 401),
      await idOf('/api/service/%E0%A4%A', 400),
      await idOf('/static/js/app.js', 200),
      await idOf('/products', 200),
      await idOf('/metrics', 200),
    ];
    // Each request its own.
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('whose X-Request-Id is kept', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const answerId = async (app: TestApp, remoteAddress: string, given: string) =>
    (await app.app.inject({ url: '/api/health', remoteAddress, headers: { 'x-request-id': given } })).headers[
      'x-request-id'
    ];

  it("keeps a trusted proxy's id and replaces an untrusted caller's", async () => {
    t = await createTestApp('sqlite', { TRUST_PROXY: '10.0.0.1' });
    expect(await answerId(t, '10.0.0.1', 'lb-7f3a9c')).toBe('lb-7f3a9c');
    expect(await answerId(t, '10.0.0.2', 'lb-7f3a9c')).toMatch(FRESH);
  });

  it("replaces every caller's id without TRUST_PROXY, and keeps it behind a hop count", async () => {
    t = await createTestApp('sqlite');
    expect(await answerId(t, '10.0.0.1', 'lb-7f3a9c')).toMatch(FRESH);
    await t.close();
    t = await createTestApp('sqlite', { TRUST_PROXY: '1' });
    expect(await answerId(t, '203.0.113.9', 'lb-7f3a9c')).toBe('lb-7f3a9c');
  });

  it('replaces a hostile id even from a trusted proxy', async () => {
    t = await createTestApp('sqlite', { TRUST_PROXY: '10.0.0.1' });
    expect(await answerId(t, '10.0.0.1', 'a'.repeat(128))).toBe('a'.repeat(128));
    for (const hostile of ['a'.repeat(129), 'id with spaces', 'id\u0001ctl', 'id\u007f', 'café', '']) {
      expect(await answerId(t, '10.0.0.1', hostile)).toMatch(FRESH);
    }
  });

  it('sane ids are 1-128 visible ASCII characters', () => {
    expect(isSaneRequestId('Root=1-67891233-abcdef012345678912345678')).toBe(true);
    expect(isSaneRequestId('x'.repeat(129))).toBe(false);
    expect(isSaneRequestId('a\tb')).toBe(false);
    expect(isSaneRequestId(['a', 'b'])).toBe(false);
  });

  it('fresh ids are unique and differ between instances', () => {
    const one = requestIdGenerator(false);
    const two = requestIdGenerator(false);
    const req = { headers: {}, socket: {} } as Parameters<typeof one>[0];
    const ids = new Set(Array.from({ length: 1000 }, () => one(req)));
    expect(ids.size).toBe(1000);
    expect(ids.has(two(req))).toBe(false);
  });
});

describe('the request id in the log lines', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("every log line of a request carries that request's id", async () => {
    const lines: string[] = [];
    t = await createTestApp(
      'sqlite',
      { LOG_LEVEL: 'debug', TRUST_PROXY: '1' },
      { logStream: { write: (l) => lines.push(l) } },
    );
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const mine = await fetch(`${origin}/api/health`, { headers: { 'x-request-id': 'proxy-abc-1' } });
    const fresh = await fetch(`${origin}/api/no-such-call`);
    const freshId = fresh.headers.get('x-request-id');
    expect(mine.headers.get('x-request-id')).toBe('proxy-abc-1');
    expect(freshId).toMatch(FRESH);
    const records = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; req?: { url?: string } });
    const ofMine = records.filter((r) => r.reqId === 'proxy-abc-1');
    const ofFresh = records.filter((r) => r.reqId === freshId);
    // Fastify's request and response lines (debug), each with the id.
    expect(ofMine.map((r) => r.msg)).toEqual(['incoming request', 'request completed']);
    expect(ofMine[0]?.req?.url).toBe('/api/health');
    expect(ofFresh.map((r) => r.msg)).toEqual(['incoming request', 'request completed']);
    expect(ofFresh[0]?.req?.url).toBe('/api/no-such-call');
  });
});
