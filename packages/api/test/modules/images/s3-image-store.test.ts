// The S3 image store against a real S3-protocol server (s3rver on 127.0.0.1, B2B §8): two app instances over one
// database and one bucket serve each other's uploads, and a bucket that is down or refuses answers 503/502 in the API's
// error shape while the rest of the shop keeps working, and recovers when it is back.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/infra/config.js';
import { createS3ImageStore, S3_IMAGE_PREFIX } from '../../../src/modules/images/s3-image-store.js';
import { createTestDatabase, databases, type TestDatabase } from '../../helpers/databases.js';
import { startLocalS3, type LocalS3 } from '../../helpers/s3-server.js';
import { ADMIN, addProduct, logIn, testConfig, type SignedIn } from '../../helpers/test-app.js';
import * as fixture from './image-fixtures.js';
import { uploadImage } from './http-helpers.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const unavailable = {
  error: { code: 'image_store_unavailable', message: 'Images cannot be reached right now; try again shortly' },
};
const refused = { error: { code: 'image_store_error', message: 'The image store refused the request' } };

describe('S3 image store', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3.close());

  const name = `${'cd'.repeat(32)}.webp`;

  it('puts under images/, reads back as a stream with its size, and answers null/false when missing', async () => {
    const config = loadConfig(s3.env);
    const store = await createS3ImageStore(config.s3 ?? expect.fail('S3 not selected'));
    try {
      expect([await store.exists(name), await store.get(name)]).toEqual([false, null]);
      await store.put(name, Buffer.from('twelve bytes'));
      expect(await s3.keys()).toEqual([`${S3_IMAGE_PREFIX}${name}`]);
      expect((await s3.read(`${S3_IMAGE_PREFIX}${name}`)).toString()).toBe('twelve bytes');
      expect(await store.exists(name)).toBe(true);
      const stored = await store.get(name);
      expect(stored?.size).toBe(12);
      expect(stored ? await text(stored.stream) : null).toBe('twelve bytes');
    } finally {
      store.close?.();
    }
  });

  it('refuses names outside the pattern before any request', async () => {
    const store = await createS3ImageStore(loadConfig(s3.env).s3 ?? expect.fail('S3 not selected'));
    try {
      await expect(store.put('../x.webp', Buffer.from('x'))).rejects.toThrow('Not an image name: "../x.webp"');
      await expect(store.get(`${'cd'.repeat(32)}.png`)).rejects.toThrow('Not an image name');
    } finally {
      store.close?.();
    }
  });

  it('turns an unknown access key and a missing bucket into 502 errors, not a missing image', async () => {
    const wrongKey = await createS3ImageStore(
      loadConfig({ ...s3.env, S3_ACCESS_KEY_ID: 'NOBODY' }).s3 ?? expect.fail('S3 not selected'),
    );
    const noBucket = await createS3ImageStore(
      loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }).s3 ?? expect.fail('S3 not selected'),
    );
    try {
      await expect(wrongKey.get(name)).rejects.toMatchObject({ statusCode: 502, code: 'image_store_error' });
      await expect(wrongKey.put(name, Buffer.from('x'))).rejects.toMatchObject({ statusCode: 502 });
      await expect(noBucket.get(name)).rejects.toMatchObject({ statusCode: 502, code: 'image_store_error' });
      // HEAD cannot tell a missing bucket from a missing key; the store asks the bucket before saying "missing".
      await expect(noBucket.exists(name)).rejects.toMatchObject({ statusCode: 502, code: 'image_store_error' });
    } finally {
      wrongKey.close?.();
      noBucket.close?.();
    }
  });
});

describe.each(databases)('two instances on one S3 bucket and one %s database', (kind) => {
  let s3: LocalS3;
  let db: TestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let admin: SignedIn;

  beforeAll(async () => {
    s3 = await startLocalS3();
    db = await createTestDatabase(kind);
    first = await buildApp(testConfig(db, s3.env));
    second = await buildApp(testConfig(db, s3.env));
    admin = await logIn(first, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await db.drop();
    await s3.close();
  });

  it('serves an upload made through the first from the second, with the same headers and bytes', async () => {
    const upload = await uploadImage({ app: first, db, close: async () => {} }, admin.auth, [
      { bytes: await fixture.png(900, 600), type: 'image/png', filename: 'board.png' },
    ]);
    expect(upload.statusCode).toBe(200);
    const { data }: { data: { url: string; cardUrl: string } } = upload.json();
    const hash = data.url.slice('/api/images/'.length, -'.webp'.length);
    expect(await s3.keys()).toEqual([`images/${hash}-card.webp`, `images/${hash}.webp`]);
    // Nothing on the instances' local disk.
    expect(existsSync(join(db.dir, 'uploads'))).toBe(false);

    const productId = await addProduct(first, admin, { img: data.url });
    const product: { img: string } = (await second.inject({ url: `/api/service/${productId}` })).json();
    expect(product.img).toBe(data.url);

    for (const url of [data.url, data.cardUrl]) {
      const served = await second.inject({ url });
      const inBucket = await s3.read(`images/${url.slice('/api/images/'.length)}`);
      expect([served.statusCode, served.headers['content-type'], served.headers['cache-control']]).toEqual([
        200,
        'image/webp',
        IMMUTABLE,
      ]);
      expect(served.headers['content-length']).toBe(String(inBucket.length));
      expect(served.headers.etag).toBe(`"${url.slice('/api/images/'.length, -'.webp'.length)}"`);
      expect(served.rawPayload.equals(inBucket)).toBe(true);
      const revalidated = await second.inject({ url, headers: { 'if-none-match': String(served.headers.etag) } });
      expect([revalidated.statusCode, revalidated.body, revalidated.headers['cache-control']]).toEqual([
        304,
        '',
        IMMUTABLE,
      ]);
    }
  });

  it('answers 404 in the error shape for a name not in the bucket, on either instance', async () => {
    for (const app of [first, second]) {
      const res = await app.inject({ url: `/api/images/${'0'.repeat(64)}.webp` });
      expect([res.statusCode, res.json()]).toEqual([404, { error: { code: 'not_found', message: 'No such image' } }]);
      const conditional = await app.inject({
        url: `/api/images/${'0'.repeat(64)}.webp`,
        headers: { 'if-none-match': `"${'0'.repeat(64)}"` },
      });
      expect(conditional.statusCode).toBe(404);
    }
  });
});

describe('S3 stopped', () => {
  let s3: LocalS3;
  let db: TestDatabase;
  let app: FastifyInstance;
  let admin: SignedIn;
  let url: string;

  beforeAll(async () => {
    s3 = await startLocalS3();
    db = await createTestDatabase('sqlite');
    app = await buildApp(testConfig(db, s3.env));
    admin = await logIn(app, ADMIN.email, ADMIN.password);
    const res = await uploadImage({ app, db, close: async () => {} }, admin.auth, [
      { bytes: await fixture.png(320, 240), type: 'image/png', filename: 'a.png' },
    ]);
    ({ url } = (res.json() as { data: { url: string } }).data);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
    await s3.close();
  });

  it('answers 503 in the error shape for reads and uploads, stores nothing, keeps the shop up, then recovers', async () => {
    const keys = await s3.keys();
    await s3.stop();

    const started = Date.now();
    const read = await app.inject({ url });
    expect([read.statusCode, read.json()]).toEqual([503, unavailable]);
    expect(read.headers['cache-control']).not.toBe(IMMUTABLE);
    const revalidate = await app.inject({ url, headers: { 'if-none-match': `"${url.slice(12, -5)}"` } });
    expect([revalidate.statusCode, revalidate.json()]).toEqual([503, unavailable]);
    const upload = await uploadImage({ app, db, close: async () => {} }, admin.auth, [
      { bytes: await fixture.png(321, 240), type: 'image/png', filename: 'b.png' },
    ]);
    expect([upload.statusCode, upload.json()]).toEqual([503, unavailable]);
    // Refused connections are not waited on: the three answers came within the SDK's short retries.
    expect(Date.now() - started).toBeLessThan(10_000);

    // Everything that does not need a picture still works.
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/service' })).statusCode).toBe(200);

    await s3.start();
    expect(await s3.keys()).toEqual(keys);
    const back = await app.inject({ url });
    expect([back.statusCode, back.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('answers 502 in the error shape when the bucket is missing', async () => {
    const misconfigured = await buildApp(testConfig(db, { ...s3.env, S3_BUCKET: 'no-such-bucket' }));
    try {
      const res = await misconfigured.inject({ url });
      expect([res.statusCode, res.json()]).toEqual([502, refused]);
      // A browser revalidating its copy asks through exists(): the same 502, not a 404.
      const revalidated = await misconfigured.inject({ url, headers: { 'if-none-match': '*' } });
      expect([revalidated.statusCode, revalidated.json()]).toEqual([502, refused]);
    } finally {
      await misconfigured.close();
    }
  });
});
