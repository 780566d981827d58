// GET /api/catalog on both databases (B2B §1): every word matches name, description or SKU (a SKU also by prefix),
// category facets that ignore the category filter, the sorts, paging, and 400 for bad parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { ADMIN, addProduct, call, createTestApp, logIn, type TestApp } from '../../helpers/test-app.js';

interface Page {
  items: Array<{ _id: string; name: string; sku: string; price: number }>;
  total: number;
  page: number;
  pageSize: number;
  categories: Array<{ name: string; count: number }>;
}

describe.each(databases)('the catalogue search on %s', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    const parts = [
      {
        sku: 'KC-CPU-K7',
        name: 'Kestrel K7 Processor',
        category: 'Processors',
        price: 189.99,
        description: 'Eight cores for desktops.',
      },
      {
        sku: 'KC-CPU-K9',
        name: 'Kestrel K9 Processor',
        category: 'Processors',
        price: 329,
        description: 'Sixteen cores, workstation class.',
      },
      {
        sku: 'KC-FAN-120',
        name: 'Silent Case Fan 120 mm',
        category: 'Cooling',
        price: 6.25,
        description: 'Quiet fan with fluid bearing.',
        packSize: 10,
        quantity: 100,
      },
      {
        sku: 'KC-FAN-140',
        name: 'Silent Case Fan 140 mm',
        category: 'Cooling',
        price: 7.5,
        description: 'Larger quiet fan.',
        packSize: 10,
        quantity: 100,
      },
      {
        sku: 'KC-SSD-2T',
        name: 'NVMe SSD 2 TB',
        category: 'Storage',
        price: 94.75,
        description: 'PCIe 4.0 drive, eight channels.',
      },
      {
        sku: 'ACME-TOOL',
        name: 'Thermal Paste',
        category: 'Cooling',
        price: 2.1,
        description: 'For processors and coolers.',
      },
    ];
    for (const p of parts) ids[p.sku] = await addProduct(t.app, admin, p);
  });
  afterAll(() => t.close());

  const catalog = async (query: string): Promise<Page> => {
    const res = await call(t.app, 'GET', `/api/catalog${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const skus = (page: Page) => page.items.map((p) => p.sku);

  it('lists everything newest first without a search, with every category counted', async () => {
    const page = await catalog('');
    expect(skus(page)).toEqual(['ACME-TOOL', 'KC-SSD-2T', 'KC-FAN-140', 'KC-FAN-120', 'KC-CPU-K9', 'KC-CPU-K7']);
    expect(page).toMatchObject({ total: 6, page: 1, pageSize: 24 });
    expect(page.categories).toEqual([
      { name: 'Cooling', count: 3 },
      { name: 'Processors', count: 2 },
      { name: 'Storage', count: 1 },
    ]);
  });

  it('needs every word to match, in any of name, description and SKU, whatever the case', async () => {
    expect(skus(await catalog('?q=processor'))).toEqual(expect.arrayContaining(['KC-CPU-K7', 'KC-CPU-K9']));
    expect((await catalog('?q=processor')).total).toBe(3); // the paste's description names processors
    expect(skus(await catalog('?q=KESTREL%20sixteen'))).toEqual(['KC-CPU-K9']);
    expect(skus(await catalog('?q=quiet%20fan&sort=name'))).toEqual(['KC-FAN-140', 'KC-FAN-120'].reverse());
    expect(skus(await catalog('?q=eight'))).toEqual(expect.arrayContaining(['KC-CPU-K7', 'KC-SSD-2T']));
    expect((await catalog('?q=eight%20nothing')).total).toBe(0);
  });

  it('finds a SKU by its prefix', async () => {
    expect(skus(await catalog('?q=KC-CPU&sort=newest'))).toEqual(['KC-CPU-K9', 'KC-CPU-K7']);
    expect(skus(await catalog('?q=kc-fan-1&sort=newest'))).toEqual(['KC-FAN-140', 'KC-FAN-120']);
    expect(skus(await catalog('?q=ACME'))).toEqual(['ACME-TOOL']);
    // The middle of a SKU is no prefix of it.
    expect((await catalog('?q=CPU-K7')).total).toBe(0);
  });

  it('matches a one-character word whole, counts a repeated word once, and reads FTS operators as text', async () => {
    // Issue #24: a one-letter prefix matched most of a catalogue; "e" is no word here, "ei" starts "eight".
    expect((await catalog('?q=e')).total).toBe(0);
    expect(skus(await catalog('?q=ei&sort=newest'))).toEqual(['KC-SSD-2T', 'KC-CPU-K7']);
    expect(skus(await catalog('?q=2'))).toEqual(['KC-SSD-2T']);
    // A one-letter word is no SKU prefix either (no SKU is shorter than three characters); two letters are.
    expect((await catalog('?q=K')).total).toBe(0);
    expect((await catalog('?q=KC')).total).toBe(5);
    expect(skus(await catalog('?q=fan%20FAN%20fan&sort=newest'))).toEqual(['KC-FAN-140', 'KC-FAN-120']);
    for (const q of ['fan*', '"fan"', '(fan)', '-fan', '^fan', 'fan:', '"fan']) {
      expect(skus(await catalog(`?q=${encodeURIComponent(q)}&sort=newest`)), q).toEqual(['KC-FAN-140', 'KC-FAN-120']);
    }
    // "NEAR(fan)" is the phrase "near fan"; OR and AND are words every product would have to hold.
    expect((await catalog(`?q=${encodeURIComponent('NEAR(fan)')}`)).total).toBe(0);
    expect((await catalog(`?q=${encodeURIComponent('fan OR processor')}`)).total).toBe(0);
    expect((await catalog(`?q=${encodeURIComponent('fan AND quiet')}`)).total).toBe(0);
  });

  it('filters by category while the facets count the search in every category', async () => {
    const page = await catalog('?q=processor&category=Processors');
    expect(page.total).toBe(2);
    expect(page.categories).toEqual([
      { name: 'Cooling', count: 1 },
      { name: 'Processors', count: 2 },
    ]);
    const cooling = await catalog('?category=Cooling&sort=price-asc');
    expect(skus(cooling)).toEqual(['ACME-TOOL', 'KC-FAN-120', 'KC-FAN-140']);
    expect(cooling.total).toBe(3);
    expect((await catalog('?category=Nothing')).total).toBe(0);
  });

  it('sorts by price both ways and by name', async () => {
    expect(skus(await catalog('?sort=price-desc')).slice(0, 2)).toEqual(['KC-CPU-K9', 'KC-CPU-K7']);
    expect(skus(await catalog('?sort=price-asc')).slice(0, 2)).toEqual(['ACME-TOOL', 'KC-FAN-120']);
    expect((await catalog('?sort=name')).items.map((p) => p.name)).toEqual([
      'Kestrel K7 Processor',
      'Kestrel K9 Processor',
      'NVMe SSD 2 TB',
      'Silent Case Fan 120 mm',
      'Silent Case Fan 140 mm',
      'Thermal Paste',
    ]);
  });

  it('puts the better match first by relevance', async () => {
    const page = await catalog('?q=processor');
    expect(page.items.at(-1)?.sku).toBe('ACME-TOOL');
  });

  it('pages with page and pageSize, the total staying the whole count', async () => {
    const first = await catalog('?pageSize=4');
    const second = await catalog('?pageSize=4&page=2');
    expect([first.total, second.total]).toEqual([6, 6]);
    expect(skus(first)).toHaveLength(4);
    expect(skus(second)).toEqual(['KC-CPU-K9', 'KC-CPU-K7']);
    expect(skus(await catalog('?pageSize=4&page=3'))).toEqual([]);
  });

  it('treats an empty search as none and a search of only punctuation as matching nothing', async () => {
    expect((await catalog('?q=')).total).toBe(6);
    expect(await catalog('?q=%22%2A%28')).toEqual({ items: [], total: 0, page: 1, pageSize: 24, categories: [] });
  });

  it('answers 400 for an unknown sort or a bad number, naming the parameter', async () => {
    for (const [query, word] of [
      ['?sort=cheapest', 'sort'],
      ['?page=0', 'page'],
      ['?page=x', 'page'],
      ['?pageSize=101', 'pageSize'],
      ['?pageSize=2.5', 'pageSize'],
      [`?q=${'a'.repeat(201)}`, 'q'],
    ]) {
      const res = await call(t.app, 'GET', `/api/catalog${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(res.json().error.message).toContain(word);
    }
  });

  it('sees a new product and a deletion at once', async () => {
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    const id = await addProduct(t.app, admin, {
      sku: 'KC-NEW-1',
      category: 'Storage',
      description: 'Brand new drive.',
    });
    expect(skus(await catalog('?q=brand'))).toEqual(['KC-NEW-1']);
    expect((await catalog('')).categories.find((c) => c.name === 'Storage')?.count).toBe(2);
    expect((await call(t.app, 'DELETE', `/api/service/${id}`, admin)).statusCode).toBe(200);
    expect((await catalog('?q=brand')).total).toBe(0);
    expect((await catalog('')).categories.find((c) => c.name === 'Storage')?.count).toBe(1);
  });
});
