// The demo catalogue's pictures go through the upload pipeline when an empty database is seeded (docs/product.md §1, §7),
// into whichever store is selected: with S3_BUCKET set they land in the bucket and nothing is written to UPLOAD_DIR.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, cardVariantUrl, productSchema } from '@kestrel/shared';
import { buildApp } from '../../../src/app.js';
import { createTestDatabase, databases, type TestDatabase } from '../../helpers/databases.js';
import { createTestApp, testConfig, type TestApp } from '../../helpers/test-app.js';
import { storeKinds, storeUnderTest, type StoreUnderTest } from './store-kinds.js';

const combinations = databases.flatMap((kind) => storeKinds.map((store) => [kind, store] as const));

describe.each(combinations)('demo catalogue images on %s in the %s store', (kind, storeKind) => {
  let t: TestApp;
  let store: StoreUnderTest;
  beforeAll(async () => {
    store = await storeUnderTest(storeKind);
    t = await createTestApp(kind, { SEED_DEMO: '1', ...store.env });
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  it('points every demo product at a stored 1200x900 WebP with a 480x360 card', async () => {
    const products = productSchema.array().parse((await t.app.inject({ url: '/api/service' })).json());
    expect(products).toHaveLength(30);
    const hashes = products.map((p) => /^\/api\/images\/([0-9a-f]{64})\.webp$/.exec(p.img)?.[1]);
    // Thirty different pictures, each stored as full + card and nothing else.
    expect(new Set(hashes).size).toBe(30);
    expect(await store.list()).toEqual(hashes.flatMap((h) => [`${h}-card.webp`, `${h}.webp`]).sort());
    // On S3 the default upload folder inside the test's data folder is never made.
    if (storeKind === 's3') expect(existsSync(join(t.db.dir, 'uploads'))).toBe(false);

    for (const product of products) {
      for (const [url, width, height] of [
        [product.img, 1200, 900],
        [cardVariantUrl(product.img), CARD_IMAGE_WIDTH, CARD_IMAGE_HEIGHT],
      ] as const) {
        const res = await t.app.inject({ url });
        expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/webp']);
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
      }
    }
  });

  it('no longer serves the raw demo PNGs', async () => {
    const res = await t.app.inject({ url: '/api/images/demo/processor.png' });
    expect(res.statusCode).toBe(404);
  });
});

// A first start whose seed fails (the bucket unreachable) must neither leave the shop empty for good nor hide the cause:
// the start fails naming the setting and the reason, and the next start, with the store back, seeds the catalogue.
describe.each(databases)('a demo seed that fails on %s', (kind) => {
  let store: StoreUnderTest;
  let db: TestDatabase;
  beforeAll(async () => {
    store = await storeUnderTest('s3');
    db = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('fails the start with S3_BUCKET and the cause in the message, then seeds at the next start', async () => {
    const env = { SEED_DEMO: '1', ...store.env };
    await store.s3?.stop();
    const failed = await buildApp(testConfig(db, env)).then(
      () => 'started',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    const endpoint = store.env['S3_ENDPOINT'] ?? '';
    expect(failed).toBe(
      `the demo catalogue's pictures could not be stored in S3_BUCKET "kestrel-images" at S3_ENDPOINT ${endpoint}: ` +
        `connect ECONNREFUSED ${new URL(endpoint).host}. ` +
        'Nothing was seeded; the next start tries again (SEED_DEMO=0 starts without the demo catalogue).',
    );
    await store.s3?.start();
    const app = await buildApp(testConfig(db, env));
    const products = productSchema.array().parse((await app.inject({ url: '/api/service' })).json());
    expect(products).toHaveLength(30);
    await app.close();
    // Seeded once: a third start adds nothing.
    const again = await buildApp(testConfig(db, env));
    expect((await again.inject({ url: '/api/service' })).json()).toHaveLength(30);
    await again.close();
  });
});
