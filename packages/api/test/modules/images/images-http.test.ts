// The upload over a real socket on 127.0.0.1, sent by fetch + FormData as a browser sends it, including bodies far over
// the limit (with and without a Content-Length) that must be refused without being stored.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUploadResponseSchema } from '@kestrel/shared';
import { ADMIN, createTestApp, logIn, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import * as fixture from './image-fixtures.js';
import { storeKinds, storeUnderTest, type StoreUnderTest } from './store-kinds.js';

describe.each(storeKinds)('image upload over HTTP to the %s store', (storeKind) => {
  let t: TestApp;
  let store: StoreUnderTest;
  let admin: SignedIn;
  let origin: string;

  beforeAll(async () => {
    store = await storeUnderTest(storeKind);
    t = await createTestApp('sqlite', store.env);
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  const form = (bytes: Buffer, filename: string) => {
    const body = new FormData();
    body.append('image', new Blob([bytes], { type: 'image/png' }), filename);
    return body;
  };
  const tooLarge = {
    error: { code: 'image_too_large', message: 'The image is larger than 5 MB; upload a smaller file' },
  };

  it('uploads a PNG and serves the stored WebP', async () => {
    const res = await fetch(`${origin}/api/image`, {
      method: 'POST',
      headers: admin.auth,
      body: form(await fixture.png(1600, 900), 'card.png'),
    });
    expect(res.status).toBe(200);
    const { data } = imageUploadResponseSchema.parse(await res.json());
    const image = await fetch(`${origin}${data.url}`);
    expect([image.status, image.headers.get('content-type'), image.headers.get('cache-control')]).toEqual([
      200,
      'image/webp',
      'public, max-age=31536000, immutable',
    ]);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 675]);
  });

  it('refuses 30 MB at once from its Content-Length and closes the connection', async () => {
    const before = await store.list();
    const res = await fetch(`${origin}/api/image`, {
      method: 'POST',
      headers: admin.auth,
      body: form(Buffer.alloc(30 * 1024 * 1024, 1), 'huge.png'),
    });
    expect([res.status, res.headers.get('connection'), await res.json()]).toEqual([413, 'close', tooLarge]);
    expect(await store.list()).toEqual(before);
  });

  it('refuses a chunked body without Content-Length once the file passes 5 MB', async () => {
    const before = await store.list();
    const encoded = new Response(form(Buffer.alloc(6 * 1024 * 1024, 2), 'stream.png'));
    const contentType = encoded.headers.get('content-type') ?? '';
    const res = await fetch(`${origin}/api/image`, {
      method: 'POST',
      headers: { ...admin.auth, 'content-type': contentType },
      body: encoded.body,
      duplex: 'half',
    });
    expect([res.status, await res.json()]).toEqual([413, tooLarge]);
    expect(await store.list()).toEqual(before);
  });
});
