// B2B §18 at volume: the sitemap of 100,000 products (seeded in bulk) is an index of three parts that, parsed, list the
// home, the catalogue and every product once with its updatedAt; on both databases.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkProducts } from '../catalog/bulk-products.js';
import { databases } from '../../helpers/databases.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { findAll, parseXml, writeWebBuild } from './page-parts.js';

const PUBLIC_URL = 'https://shop.example.com';
const PRODUCTS = 100_000;

describe.each(databases)('the sitemap at 100,000 products on %s', (kind) => {
  let t: TestApp;
  let web: string;

  beforeAll(async () => {
    web = writeWebBuild();
    t = await createTestApp(kind, { PUBLIC_URL }, { webDist: web });
    await seedBulkProducts(t.app, PRODUCTS);
  }, 300_000);
  afterAll(async () => {
    await t.close();
    rmSync(dirname(web), { recursive: true, force: true });
  });

  it('is an index of parts of at most 50,000 URLs that list every page once, in order', async () => {
    const index = await t.app.inject({ url: '/sitemap.xml' });
    const parts = findAll(parseXml(index.body), (e) => e.tag === 'loc').map((l) => l.text);
    expect(parts).toEqual([1, 2, 3].map((n) => `${PUBLIC_URL}/sitemap-${n}.xml`));

    const urls: string[] = [];
    const lastmods = new Map<string, string>();
    const sizes: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await t.app.inject({ url: `/sitemap-${n}.xml` });
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const entries = findAll(parseXml(res.body), (e) => e.tag === 'url');
      sizes.push(entries.length);
      for (const entry of entries) {
        const loc = entry.children.find((c) => c.tag === 'loc')?.text ?? '';
        urls.push(loc);
        const lastmod = entry.children.find((c) => c.tag === 'lastmod')?.text;
        if (lastmod !== undefined) lastmods.set(loc, lastmod);
      }
    }
    expect(sizes).toEqual([50_000, 50_000, 2]);
    const rows = await t.app.database.db.selectFrom('products').select(['id', 'updated_at']).orderBy('id').execute();
    expect(rows).toHaveLength(PRODUCTS);
    expect(urls).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/products`,
      ...rows.map((r) => `${PUBLIC_URL}/products/${r.id}`),
    ]);
    expect(lastmods.size).toBe(PRODUCTS);
    expect(rows.every((r) => lastmods.get(`${PUBLIC_URL}/products/${r.id}`) === r.updated_at)).toBe(true);
    expect((await t.app.inject({ url: '/sitemap-4.xml' })).statusCode).toBe(404);
  }, 300_000);
});
