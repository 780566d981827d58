// The storefront's static files (pre-compressed copies, caching) and fallback, the OpenAPI description, health.
// Security headers and CORS on every kind of answer are in reliability/headers.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './helpers/databases.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const INDEX = '<!doctype html><title>Kestrel</title><script type="module" src="/static/js/main.abc123.js"></script>';

describe('storefront and docs', () => {
  let t: TestApp;
  let web: string;

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'kestrel-web-'));
    mkdirSync(join(web, 'static/js'), { recursive: true });
    writeFileSync(join(web, 'index.html'), INDEX);
    writeFileSync(join(web, 'static/js/main.abc123.js'), 'console.log(1);');
    // The storefront build writes these beside every script (packages/web/vite.config.ts).
    writeFileSync(join(web, 'static/js/main.abc123.js.br'), brotliCompressSync('console.log(1);'));
    writeFileSync(join(web, 'static/js/main.abc123.js.gz'), gzipSync('console.log(1);'));
    writeFileSync(join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp('sqlite', { PUBLIC_URL: 'http://shop.example.com' }, { webDist: web });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('sends the pre-compressed copy of a script the browser accepts, varying by encoding', async () => {
    const url = '/static/js/main.abc123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([br.statusCode, br.headers['content-encoding'], br.headers['vary']]).toEqual([
      200,
      'br',
      'Origin, Accept-Encoding',
    ]);
    expect(br.rawPayload.equals(brotliCompressSync('console.log(1);'))).toBe(true);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect([gz.headers['content-encoding'], gunzipSync(gz.rawPayload).toString()]).toEqual(['gzip', 'console.log(1);']);
    const plain = await t.app.inject({ url });
    expect([plain.headers['content-encoding'], plain.body, plain.headers['vary']]).toEqual([
      undefined,
      'console.log(1);',
      'Origin, Accept-Encoding',
    ]);
    // The full product list is sent compressed when accepted too (#24), so it varies by encoding as well.
    expect((await t.app.inject({ url: '/api/service' })).headers['vary']).toBe('Origin, Accept-Encoding');
    expect((await t.app.inject({ url: '/api/service?limit=3' })).headers['vary']).toBe('Origin');
  });

  it('serves index.html uncached for / and client routes, hashed assets immutable, JSON 404 under /api', async () => {
    for (const url of ['/dashboard/myorder', '/purchase/0123456789abcdef01234567?x=1']) {
      const res = await t.app.inject({ url });
      expect([res.statusCode, res.body, res.headers['cache-control']]).toEqual([200, INDEX, 'no-cache']);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    // The home page is the server's own HTML (B2B §18), index.html with its canonical and newest products; as uncached.
    const home = await t.app.inject({ url: '/' });
    expect([home.statusCode, home.headers['cache-control'], home.body.includes(INDEX)]).toEqual([
      200,
      'no-cache',
      false,
    ]);
    expect(home.body).toContain('<script type="module" src="/static/js/main.abc123.js"></script>');
    const js = await t.app.inject({ url: '/static/js/main.abc123.js' });
    expect([js.statusCode, js.body, js.headers['cache-control']]).toEqual([
      200,
      'console.log(1);',
      'public, max-age=31536000, immutable',
    ]);
    expect((await t.app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('public, max-age=3600');
    expect((await t.app.inject({ url: '/static/js/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/unknown/path' });
    expect([api.statusCode, api.json()]).toEqual([
      404,
      { error: { code: 'not_found', message: 'No such call: GET /api/unknown/path' } },
    ]);
    expect((await t.app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });

  it("hints the purchase page's product with the HTML, nothing elsewhere (the catalogue's page holds its own)", async () => {
    const purchase = await t.app.inject({ url: '/purchase/0123456789abcdef01234567?x=1' });
    expect(purchase.headers['link']).toBe(
      '</api/service/0123456789abcdef01234567>; rel=preload; as=fetch; crossorigin',
    );
    for (const url of ['/', '/dashboard/myorder', '/purchase/not-an-id', '/products', '/products?q=cpu']) {
      const res = await t.app.inject({ url });
      expect([res.statusCode, res.headers['link']]).toEqual([200, undefined]);
    }
    // Not a page of the storefront: 'Page is not Found' with a 404 (B2B §18), and no hint.
    const deeper = await t.app.inject({ url: '/purchase/0123456789abcdef01234567/x' });
    expect([deeper.statusCode, deeper.headers['link']]).toEqual([404, undefined]);
  });

  it('serves no raw files under /api/images/demo/ (demo images go through the image pipeline)', async () => {
    for (const url of ['/api/images/demo/processor.png', '/api/images/demo/../../package.json']) {
      const res = await t.app.inject({ url });
      expect([res.statusCode, res.headers['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
    }
  });

  it('describes the API at /api/docs from the zod schemas, and the UI loads no inline script', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of ['/api/service', '/api/service/{id}', '/api/order', '/api/orders/{id}', '/api/auth/login']) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
    expect(spec.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema.required).toEqual([
      'name',
      'email',
      'password',
    ]);
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-initializer.js');
    expect(ui.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect((await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' })).statusCode).toBe(200);
  });
});

describe.each(databases)('health on %s', (kind) => {
  it('answers 200 with the database kind, 503 once the database is gone', async () => {
    const t = await createTestApp(kind);
    try {
      const ok = await t.app.inject({ url: '/api/health' });
      expect([ok.statusCode, ok.json()]).toEqual([200, { status: 'ok', database: kind }]);
      await t.app.db.destroy();
      const down = await t.app.inject({ url: '/api/health' });
      expect([down.statusCode, down.json().error.code]).toEqual([503, 'unavailable']);
    } finally {
      await t.close().catch(() => undefined);
      await t.db.drop();
    }
  });
});
