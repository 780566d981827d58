// GET /api/images/:name: conditional and HEAD requests, the OpenAPI entry, and names that must never resolve to a file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, logIn, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import * as fixture from './image-fixtures.js';
import { uploadImage, type FilePart } from './http-helpers.js';
import { storeKinds, storeUnderTest, type StoreUnderTest } from './store-kinds.js';

describe.each(storeKinds)('GET /api/images/:name from the %s store', (storeKind) => {
  let t: TestApp;
  let store: StoreUnderTest;
  let admin: SignedIn;

  beforeAll(async () => {
    store = await storeUnderTest(storeKind);
    t = await createTestApp('sqlite', store.env);
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  const upload = (files: FilePart[]) => uploadImage(t, admin.auth, files);
  const missing = { error: { code: 'not_found', message: 'No such image' } };

  it('answers 304 to a matching If-None-Match', async () => {
    const res = await upload([{ bytes: await fixture.png(50, 40), type: 'image/png', filename: 'p.png' }]);
    const { data }: { data: { url: string } } = res.json();
    const first = await t.app.inject({ method: 'GET', url: data.url });
    const etag = first.headers.etag;
    expect(etag).toBe(`"${data.url.slice('/api/images/'.length, -'.webp'.length)}"`);
    const again = await t.app.inject({ method: 'GET', url: data.url, headers: { 'if-none-match': String(etag) } });
    expect([again.statusCode, again.body]).toEqual([304, '']);
  });

  it('compares If-None-Match weakly, over a list, and takes *; another tag gets the image', async () => {
    const res = await upload([{ bytes: await fixture.png(52, 40), type: 'image/png', filename: 'p.png' }]);
    const { data }: { data: { url: string } } = res.json();
    const etag = String((await t.app.inject({ method: 'GET', url: data.url })).headers.etag);
    const other = `"${'0'.repeat(64)}"`;
    const statusFor = async (header: string) =>
      (await t.app.inject({ method: 'GET', url: data.url, headers: { 'if-none-match': header } })).statusCode;
    expect([
      await statusFor(`W/${etag}`),
      await statusFor(`${other}, ${etag}`),
      await statusFor('*'),
      await statusFor(other),
      await statusFor(`W/${other}, "x"`),
    ]).toEqual([304, 304, 304, 200, 200]);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await upload([{ bytes: await fixture.png(60, 40), type: 'image/png', filename: 'p.png' }]);
    const { data }: { data: { url: string } } = res.json();
    const full = await t.app.inject({ method: 'GET', url: data.url });
    const head = await t.app.inject({ method: 'HEAD', url: data.url });
    expect([head.statusCode, head.headers['content-type'], head.headers['content-length'], head.body]).toEqual([
      200,
      'image/webp',
      String(full.rawPayload.length),
      '',
    ]);
  });

  it('is described in the OpenAPI document', async () => {
    const spec: { paths: Record<string, Record<string, unknown>> } = (
      await t.app.inject({ url: '/api/docs/json' })
    ).json();
    expect(Object.keys(spec.paths['/api/image'] ?? {})).toEqual(['post']);
    expect(Object.keys(spec.paths['/api/images/{name}'] ?? {})).toEqual(['get']);
  });

  it.each([
    `${'0'.repeat(64)}.webp`,
    `${'0'.repeat(64)}-card.webp`,
    `${'A'.repeat(64)}.webp`,
    'processor.webp',
    '..%2f..%2fpackage.json',
    '%2e%2e%2f%2e%2e%2fconfig.ts',
    `..%2F${'0'.repeat(64)}.webp`,
    '.tmp-1234',
  ])('answers 404 JSON for %s', async (name) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/images/${name}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(missing);
  });

  it('never serves a path outside the store', async () => {
    // Plain dot segments are resolved by the URL parser before routing (to /package.json, the storefront's page);
    // encoded ones reach the route as one name and fail the pattern.
    const dotted = await t.app.inject({ method: 'GET', url: '/api/images/../../package.json' });
    expect(dotted.body).not.toContain('"workspaces"');
    const encoded = await t.app.inject({ method: 'GET', url: '/api/images/..%2F..%2F..%2Fpackage.json' });
    expect([encoded.statusCode, encoded.json()]).toEqual([404, missing]);
  });
});
