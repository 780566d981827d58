// docs/product.md §10 / ASVS V14.4: security headers on every kind of answer (API 2xx and errors, index.html, a client
// route, a hashed static file, a malformed URL), HSTS only over https, and CORS only for PUBLIC_URL's origin.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const PUBLIC = 'https://shop.kestrel.test';
const URLS = [
  '/api/service',
  '/api/nope',
  '/api/user',
  '/api/orders/%zz',
  '/',
  '/dashboard/my-orders',
  '/static/js/app-1a2b3c.js',
];

function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kestrel-web-'));
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/static/js/app-1a2b3c.js"></script>',
  );
  writeFileSync(join(dir, 'static/js/app-1a2b3c.js'), 'export {};');
  return dir;
}

describe.each([
  ['http', 'http://localhost:3000'],
  ['https', PUBLIC],
])('headers with PUBLIC_URL over %s', (scheme, publicUrl) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = webDist();
    t = await createTestApp('sqlite', { PUBLIC_URL: publicUrl }, { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (app: FastifyInstance, url: string, origin?: string) =>
    app.inject({ method: 'GET', url, headers: origin ? { origin } : {} });

  it.each(URLS)('GET %s carries a strict CSP, nosniff and a referrer policy', async (url) => {
    const res = await get(t.app, url);
    // The exact policy; 'none' (stricter still) on the error answered before routing, for a malformed URL.
    expect(res.headers['content-security-policy']).toBe(
      url.includes('%zz')
        ? "default-src 'none'; script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
        : "default-src 'self';script-src 'self';object-src 'none';base-uri 'self';frame-ancestors 'none';" +
            "form-action 'self';img-src 'self' data: https:;style-src 'self' 'unsafe-inline';font-src 'self' data:",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const hsts = res.headers['strict-transport-security'];
    expect(hsts).toBe(scheme === 'https' ? 'max-age=31536000; includeSubDomains' : undefined);
  });

  it('answers each kind of URL as expected (so the headers above were checked on real answers)', async () => {
    const statuses = await Promise.all(URLS.map(async (u) => (await get(t.app, u)).statusCode));
    // /dashboard/my-orders is no page of the storefront: its 'Page is not Found' answers 404 (B2B §18).
    expect(statuses).toEqual([200, 404, 401, 400, 200, 404, 200]);
    expect((await get(t.app, '/')).headers['cache-control']).toBe('no-cache');
    expect((await get(t.app, '/static/js/app-1a2b3c.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it.each(URLS)('GET %s: CORS only for PUBLIC_URL', async (url) => {
    const foreign = await get(t.app, url, 'https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const own = await get(t.app, url, new URL(publicUrl).origin);
    // The malformed URL is refused before CORS runs: no permission for anyone, which is the safe side.
    const allowed = url.includes('%zz') ? undefined : new URL(publicUrl).origin;
    expect(own.headers['access-control-allow-origin']).toBe(allowed);
    expect(own.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives a foreign pre-flight no permission', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/order',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      });
    const foreign = await preflight('https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const own = await preflight(new URL(publicUrl).origin);
    expect(own.statusCode).toBe(204);
    expect(own.headers['access-control-allow-origin']).toBe(new URL(publicUrl).origin);
  });

  it('answers an OPTIONS that is no pre-flight (no Origin, or no method asked) with 204 and no origin allowed', async () => {
    for (const headers of [{}, { origin: 'https://evil.example' }]) {
      const res = await t.app.inject({ method: 'OPTIONS', url: '/api/order', headers });
      expect([res.statusCode, res.body, res.headers['access-control-allow-origin']]).toEqual([204, '', undefined]);
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });
});
