import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardVariantUrl } from '@kestrel/shared';
import { createImageService } from '../../../src/modules/images/image-service.js';
import type { ImageService } from '../../../src/modules/images/image-service.js';
import type { ImageStore } from '../../../src/modules/images/image-store.js';
import * as fixture from './image-fixtures.js';
import { storeKinds, storeUnderTest, type StoreUnderTest } from './store-kinds.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(storeKinds)('image service on the %s store', (kind) => {
  let under: StoreUnderTest;
  let store: ImageStore;
  let service: ImageService;
  beforeEach(async () => {
    under = await storeUnderTest(kind);
    store = await under.open();
    service = createImageService(store);
  });
  afterEach(async () => {
    store.close?.();
    await under.close();
  });

  it('stores the full image under the SHA-256 of its WebP bytes, and the card beside it', async () => {
    const result = await service.ingest(await fixture.jpeg(1600, 1200));
    const hash = /^\/api\/images\/([0-9a-f]{64})\.webp$/.exec(result.url)?.[1] ?? '';
    expect(result).toEqual({ url: `/api/images/${hash}.webp`, cardUrl: `/api/images/${hash}-card.webp`, stored: true });
    expect(cardVariantUrl(result.url)).toBe(result.cardUrl);
    expect(await under.list()).toEqual([`${hash}-card.webp`, `${hash}.webp`]);

    const full = await under.read(`${hash}.webp`);
    expect(sha256(full)).toBe(hash);
    const [fullMeta, cardMeta] = await Promise.all([
      sharp(full).metadata(),
      sharp(await under.read(`${hash}-card.webp`)).metadata(),
    ]);
    expect([fullMeta.format, fullMeta.width, fullMeta.height]).toEqual(['webp', 1200, 900]);
    expect([cardMeta.format, cardMeta.width, cardMeta.height]).toEqual(['webp', 480, 360]);
  });

  it('stores the same image once however often it is uploaded', async () => {
    const bytes = await fixture.png(800, 600);
    const first = await service.ingest(bytes);
    const second = await service.ingest(bytes);
    const [third] = await Promise.all([service.ingest(bytes), service.ingest(bytes)]);
    expect(first.stored).toBe(true);
    expect(second).toEqual({ ...first, stored: false });
    expect(third?.url).toBe(first.url);
    expect(await under.list()).toHaveLength(2);
  });

  it('gives different images different names', async () => {
    const a = await service.ingest(await fixture.png(800, 600));
    const b = await service.ingest(await fixture.png(800, 601));
    expect(a.url).not.toBe(b.url);
    expect(await under.list()).toHaveLength(4);
  });

  it.each([
    ['empty', async () => Buffer.alloc(0), 'image_required'],
    ['text', async () => fixture.textFile(), 'unsupported_image_type'],
    ['svg', async () => fixture.svg(), 'unsupported_image_type'],
    ['truncated', fixture.truncatedPng, 'invalid_image'],
    ['over 5 MB', fixture.oversizePng, 'image_too_large'],
  ])('stores nothing when refusing %s', async (_name, make, code) => {
    await expect(service.ingest(await make())).rejects.toMatchObject({ code });
    expect(await under.list()).toEqual([]);
  });
});
