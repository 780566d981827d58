// Who may upload (docs/product.md §4: admin only), on both database engines and both image stores, and the served
// file's headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { ADMIN, createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import * as fixture from './image-fixtures.js';
import { uploadImage } from './http-helpers.js';
import { storeKinds, storeUnderTest, type StoreUnderTest } from './store-kinds.js';

const combinations = databases.flatMap((kind) => storeKinds.map((store) => [kind, store] as const));

describe.each(combinations)('image upload authorization on %s with the %s store', (kind, storeKind) => {
  let t: TestApp;
  let store: StoreUnderTest;
  let admin: SignedIn;
  let customer: SignedIn;
  let png: Buffer;

  beforeAll(async () => {
    store = await storeUnderTest(storeKind);
    t = await createTestApp(kind, store.env);
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    customer = await signUp(t.app, 'Casey Buyer', 'casey@example.com');
    png = await fixture.png(1000, 800);
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  const upload = (who?: SignedIn, token?: string) =>
    uploadImage(t, who ? who.auth : token ? { authorization: `Bearer ${token}` } : {}, [
      { bytes: png, filename: 'board.png', type: 'image/png' },
    ]);

  it('refuses an anonymous caller with 401 and stores nothing', async () => {
    const res = await upload();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'unauthorized', message: 'Sign in to do this (missing, invalid or expired token)' },
    });
    expect(await store.list()).toEqual([]);
  });

  it('refuses a forged token with 401 and stores nothing', async () => {
    const res = await upload(undefined, 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.bm90LWEtc2lnbmF0dXJl');
    expect(res.statusCode).toBe(401);
    expect(await store.list()).toEqual([]);
  });

  it('refuses a customer with 403 and stores nothing', async () => {
    const res = await upload(customer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'forbidden', message: 'Only administrators may do this' } });
    expect(await store.list()).toEqual([]);
  });

  it('stores an admin upload and serves it to anyone as immutable WebP', async () => {
    const res = await upload(admin);
    expect(res.statusCode).toBe(200);
    const body: { success: boolean; data: { url: string; cardUrl: string } } = res.json();
    const hash = /^\/api\/images\/([0-9a-f]{64})\.webp$/.exec(body.data.url)?.[1] ?? 'no match';
    expect(body).toEqual({
      success: true,
      data: { url: `/api/images/${hash}.webp`, cardUrl: `/api/images/${hash}-card.webp` },
    });
    expect(await store.list()).toEqual([`${hash}-card.webp`, `${hash}.webp`]);

    for (const name of [`${hash}.webp`, `${hash}-card.webp`]) {
      const served = await t.app.inject({ method: 'GET', url: `/api/images/${name}` });
      const onDisk = await store.read(name);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-length']).toBe(String(onDisk.length));
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(onDisk)).toBe(true);
    }
  });
});
