// The demo catalogue's pictures go through the upload pipeline when an empty database is seeded (docs/product.md §1, §7).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, cardVariantUrl, productSchema } from '@kestrel/shared';
import { databases } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { listUploads } from './http-helpers.js';

describe.each(databases)('demo catalogue images on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let dir: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kestrel-seed-'));
    dir = join(root, 'uploads');
    t = await createTestApp(kind, { SEED_DEMO: '1', UPLOAD_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('points every demo product at a stored 1200x900 WebP with a 480x360 card', async () => {
    const products = productSchema.array().parse((await t.app.inject({ url: '/api/service' })).json());
    expect(products).toHaveLength(30);
    const hashes = products.map((p) => /^\/api\/images\/([0-9a-f]{64})\.webp$/.exec(p.img)?.[1]);
    // Thirty different pictures, each stored as full + card and nothing else.
    expect(new Set(hashes).size).toBe(30);
    expect(await listUploads(dir)).toEqual(hashes.flatMap((h) => [`${h}-card.webp`, `${h}.webp`]).sort());

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
