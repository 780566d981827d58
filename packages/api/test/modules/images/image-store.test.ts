// The ImageStore contract on both stores (the local disk and an S3 bucket on s3rver), each chosen from its settings as the
// app chooses it; then what only the disk store does (temporary file + rename).
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDiskImageStore } from '../../../src/modules/images/disk-image-store.js';
import type { ImageStore } from '../../../src/modules/images/image-store.js';
import { storeKinds, storeUnderTest, type StoreUnderTest } from './store-kinds.js';

const hash = 'ab'.repeat(32);
const full = `${hash}.webp`;
const card = `${hash}-card.webp`;

describe.each(storeKinds)('%s image store', (kind) => {
  let under: StoreUnderTest;
  let store: ImageStore;
  beforeAll(async () => {
    under = await storeUnderTest(kind);
    store = await under.open();
  });
  afterAll(async () => {
    store.close?.();
    await under.close();
  });

  it('stores, reports and streams back a file with its size', async () => {
    expect(await store.exists(full)).toBe(false);
    expect(await store.get(full)).toBeNull();

    await store.put(full, Buffer.from('full image bytes'));
    await store.put(card, Buffer.from('card'));
    expect(await store.exists(full)).toBe(true);
    const stored = await store.get(full);
    expect(stored?.size).toBe(16);
    expect(stored ? await text(stored.stream) : null).toBe('full image bytes');
    // Only the two names, no temporary files left behind.
    expect(await under.list()).toEqual([card, full]);
    expect((await under.read(card)).toString()).toBe('card');
  });

  it('overwrites atomically when the same name is written concurrently', async () => {
    await Promise.all(Array.from({ length: 8 }, () => store.put(full, Buffer.alloc(100_000, 7))));
    expect(await under.list()).toEqual([card, full]);
    const stored = await store.get(full);
    expect(stored?.size).toBe(100_000);
    expect(stored ? (await text(stored.stream)).length : 0).toBe(100_000);
  });

  it.each([
    '../escape.webp',
    `../${full}`,
    `${hash}.png`,
    `${hash.toUpperCase()}.webp`,
    'abc.webp',
    `${hash}-thumb.webp`,
  ])('refuses the name %j in put, get and exists', async (name) => {
    const before = await under.list();
    await expect(store.put(name, Buffer.from('x'))).rejects.toThrow(`Not an image name: ${JSON.stringify(name)}`);
    await expect(store.get(name)).rejects.toThrow('Not an image name');
    await expect(store.exists(name)).rejects.toThrow('Not an image name');
    expect(await under.list()).toEqual(before);
  });
});

describe('disk image store', () => {
  let root: string;
  let dir: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'kestrel-store-'));
    // A folder that does not exist yet: the store creates it on the first write.
    dir = join(root, 'uploads', 'images');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('creates its folder on the first write and writes nothing outside it', async () => {
    const store = createDiskImageStore(dir);
    await expect(store.put(`${hash.toUpperCase()}.webp`, Buffer.from('x'))).rejects.toThrow('Not an image name');
    await expect(readdir(root)).resolves.toEqual([]);
    await store.put(full, Buffer.from('full'));
    expect(await readdir(root)).toEqual(['uploads']);
    expect(await readdir(dir)).toEqual([full]);
  });

  it('removes its temporary file when the rename fails', async () => {
    const store = createDiskImageStore(dir);
    await store.put(card, Buffer.from('card'));
    // A directory in the way of the target name makes rename fail after the temp file was written.
    await rm(join(dir, card));
    await mkdir(join(dir, full, 'child'), { recursive: true });
    await expect(store.put(full, Buffer.from('full'))).rejects.toThrow();
    expect(await readdir(dir)).toEqual([full]);
  });
});
