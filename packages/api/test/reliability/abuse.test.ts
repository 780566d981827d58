// OWASP API4 (unrestricted resource consumption): sign-in and sign-up throttles and when they lift (on a controlled
// clock: Date is faked, which rate-limiter-flexible's in-memory counters read), a 2 MB JSON body refused with 413 on every JSON call, and an oversized header or URL refused with 431 by
// the HTTP server, which keeps serving afterwards. The slow-client time-outs need real time: see test-faults/.
import { request } from 'node:http';
import { connect } from 'node:net';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, call, createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const TWO_MB_JSON = JSON.stringify({ name: 'x', description: 'A'.repeat(2 * 1024 * 1024) });
const tooMany = (minutes: number) => ({
  error: {
    code: 'rate_limited',
    message: `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  },
});

describe('sign-in and sign-up throttles, and when they lift', () => {
  let t: TestApp;
  let clock = Date.parse('2026-06-01T12:00:00Z');
  const advance = (ms: number) => {
    clock += ms;
    vi.setSystemTime(clock);
  };

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: clock });
    t = await createTestApp('sqlite');
    await signUp(t.app, 'Ann', 'ann@example.com', 'ann-passphrase');
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const login = (password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ann@example.com', password },
      remoteAddress: ip,
    });
  const signup = (i: number, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'N', email: `n${i}@example.com`, password: 'a-fine-passphrase' },
      remoteAddress: ip,
    });

  it('per e-mail and address: 10 wrong passwords, then 429 there even for the right one, for 15 minutes; the owner gets in from another address meanwhile', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(`guess-${i}`, '10.5.0.1')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const blocked = await login('ann-passphrase', '10.5.0.1');
    expect([blocked.statusCode, blocked.json(), blocked.headers['retry-after']]).toEqual([429, tooMany(15), '900']);
    // Failures from 10.5.0.1 are not the account's: its owner signs in from elsewhere.
    expect((await login('ann-passphrase', '10.5.1.1')).statusCode).toBe(200);
    advance(15 * 60_000 - 1);
    expect((await login('ann-passphrase', '10.5.0.1')).statusCode).toBe(429);
    advance(1);
    expect((await login('ann-passphrase', '10.5.0.1')).statusCode).toBe(200);
  });

  it('per address: 30 sign-ins and sign-ups a minute, the 31st refused, all allowed again a minute later', async () => {
    advance(Date.parse('2026-06-02T12:00:00Z') - clock);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await signup(i, '10.6.0.1')).statusCode);
    for (let i = 0; i < 15; i++) statuses.push((await login('ann-passphrase', '10.6.0.1')).statusCode);
    expect(statuses).toEqual([...Array(15).fill(201), ...Array(15).fill(200)]);
    const refused = await signup(99, '10.6.0.1');
    expect([refused.statusCode, refused.json(), refused.headers['retry-after']]).toEqual([429, tooMany(1), '60']);
    expect((await signup(100, '10.6.0.2')).statusCode).toBe(201);
    advance(59_999);
    expect((await login('ann-passphrase', '10.6.0.1')).statusCode).toBe(429);
    advance(1);
    expect((await signup(101, '10.6.0.1')).statusCode).toBe(201);
  });

  it('an account under attack (100 failures in an hour from many addresses) refuses new addresses for that hour only', async () => {
    advance(Date.parse('2026-06-03T12:00:00Z') - clock);
    await signUp(t.app, 'Bea', 'bea@example.com', 'bea-passphrase');
    const bea = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'bea@example.com', password },
        remoteAddress: ip,
      });
    expect((await bea('bea-passphrase', '10.7.0.1')).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await bea(`guess-${i}`, `10.7.1.${i}`)).statusCode);
    expect(statuses).toEqual(Array(100).fill(401));
    advance(59 * 60_000);
    const refused = await bea('bea-passphrase', '10.7.2.1');
    expect([refused.statusCode, refused.json(), refused.headers['retry-after']]).toEqual([429, tooMany(1), '60']);
    expect((await bea('bea-passphrase', '10.7.0.1')).statusCode).toBe(200);
    advance(60_000);
    expect((await bea('bea-passphrase', '10.7.2.1')).statusCode).toBe(200);
  });
});

describe('oversized requests', () => {
  let t: TestApp;
  let base: URL;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  const jsonCalls: [HTTPMethods, string][] = [
    ['POST', '/api/auth/signup'],
    ['POST', '/api/auth/login'],
    ['POST', '/api/service'],
    ['POST', '/api/review'],
    ['POST', '/api/order'],
    ['PATCH', '/api/orders/000000000000000000000000'],
    ['POST', '/api/create-payment-intent'],
    ['POST', '/api/sandbox/confirm'],
    ['POST', '/api/profile'],
    ['PUT', '/api/profile/boss@example.com'],
    ['PUT', '/api/user/boss@example.com'],
  ];

  it.each(jsonCalls)('%s %s: a 2 MB JSON body is refused with 413', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: TWO_MB_JSON,
    });
    expect([res.statusCode, res.json()]).toEqual([
      413,
      { error: { code: 'payload_too_large', message: 'The request body is too large' } },
    ]);
  });

  it('refuses 2 MB over a real socket too, and keeps serving', async () => {
    const res = await fetch(new URL('/api/auth/login', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: TWO_MB_JSON,
    });
    expect(res.status).toBe(413);
    expect((await fetch(new URL('/api/health', base))).status).toBe(200);
  });

  /** A raw request, so nothing on the client side trims what is sent; answers the status line. */
  const raw = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(base.port), '127.0.0.1', () => socket.write(text));
      let got = '';
      socket.on('data', (d) => (got += d.toString()));
      socket.on('close', () => resolve(got.split('\r\n')[0] ?? ''));
      socket.on('error', reject);
    });

  it('refuses a 20 KB header and a 20 KB URL with 431, and keeps serving', async () => {
    const header = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const url = await raw(`GET /api/service?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect([header, url]).toEqual([
      'HTTP/1.1 431 Request Header Fields Too Large',
      'HTTP/1.1 431 Request Header Fields Too Large',
    ]);
    const ok = await new Promise<number>((resolve) =>
      request(new URL('/api/health', base), (r) => resolve(r.statusCode ?? 0)).end(),
    );
    expect(ok).toBe(200);
    expect((await call(t.app, 'GET', '/api/health')).statusCode).toBe(200);
  });
});
