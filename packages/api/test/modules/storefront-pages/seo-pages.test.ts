// B2B §18 without a browser: the pages a crawler fetches (real HTTP through app.inject), their status, their HTML and
// JSON-LD parsed, on both databases.
import { rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { dirname } from 'node:path';
import { messages } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewProduct } from '../../../src/modules/catalog/index.js';
import { databases } from '../../helpers/databases.js';
import { addCompany } from '../contract-prices/company-fixtures.js';
import {
  ADMIN,
  addProduct,
  call,
  createTestApp,
  logIn,
  signUp,
  type SignedIn,
  type TestApp,
} from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';
import { findAll, findOne, headOf, parseXml, writeWebBuild, type Element } from './page-parts.js';

const PUBLIC_URL = 'https://shop.example.com';
const NOT_FOUND_TITLE = `${messages.notFoundPage} · Kestrel Components`;

describe.each(databases)('pages for crawlers on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let web: string;

  beforeAll(async () => {
    web = writeWebBuild();
    t = await createTestApp(kind, { PUBLIC_URL }, { webDist: web, sitemapLimit: 4 });
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dirname(web), { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  describe('statuses', () => {
    it("answers every path that is not a page 404 with 'Page is not Found', the app's shell around it", async () => {
      for (const path of [
        '/nope',
        '/products/nope',
        '/products/0123456789abcdef01234567',
        '/products/a/b',
        '/dashboard/nope',
        '/dashboard/orders',
        '/account/orders/',
        '/.env',
        '/home/x',
        '/sitemap-0.xml',
        '/sitemap-9.xml',
      ]) {
        const res = await get(path);
        expect([path, res.statusCode, res.headers['content-type']]).toEqual([path, 404, 'text/html; charset=utf-8']);
        const page = headOf(res.body);
        expect([page.title, page.h1]).toEqual([NOT_FOUND_TITLE, [messages.notFoundPage]]);
        // The scripts still load, so the app takes over and shows its own 404 page.
        expect(res.body).toContain('<script type="module" crossorigin src="/static/js/index-x.js"></script>');
      }
    });

    it('answers the pages the storefront knows 200, with the query string or a trailing slash', async () => {
      for (const path of [
        '/',
        '/home',
        '/products',
        '/products?q=fan&page=2',
        '/login',
        '/blog/',
        '/cart',
        '/quick-order',
        '/purchase/0123456789abcdef01234567',
        '/reset-password/abc',
        '/dashboard',
        '/dashboard/',
        '/dashboard/myorder',
        '/dashboard/orders/0123456789abcdef01234567',
        '/dashboard/manage-quotes/q1',
      ]) {
        const res = await get(path);
        expect([path, res.statusCode, res.headers['content-type']]).toEqual([path, 200, 'text/html; charset=utf-8']);
      }
    });

    it('keeps JSON 404s under /api and /static, and serves the build files', async () => {
      expect((await get('/api/nope')).statusCode).toBe(404);
      expect((await get('/api/nope')).json()).toEqual({
        error: { code: 'not_found', message: 'No such call: GET /api/nope' },
      });
      expect((await get('/static/js/missing.js')).statusCode).toBe(404);
      expect((await get('/favicon.svg')).body).toBe('<svg/>');
    });
  });

  it('robots.txt opens the catalogue, closes the signed-in and API paths and names the sitemap at PUBLIC_URL', async () => {
    const res = await get('/robots.txt', { host: 'evil.example.org' });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Allow: /products',
        'Disallow: /dashboard',
        'Disallow: /cart',
        'Disallow: /api/',
        '',
        'Sitemap: https://shop.example.com/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  describe('the sitemap', () => {
    const urlsOf = (xml: string) => {
      const set = findAll(parseXml(xml), (e) => e.tag === 'urlset');
      expect(set.map((s) => s.attrs['xmlns'])).toEqual(['http://www.sitemaps.org/schemas/sitemap/0.9']);
      return findAll(set, (e) => e.tag === 'url').map((u) => {
        const loc = u.children.find((c) => c.tag === 'loc')?.text;
        const lastmod = u.children.find((c) => c.tag === 'lastmod')?.text;
        return lastmod === undefined ? [loc] : [loc, lastmod];
      });
    };
    const stamps = async () =>
      (await t.app.database.db.selectFrom('products').select(['id', 'updated_at']).orderBy('id').execute()).map((p) => [
        `${PUBLIC_URL}/products/${p.id}`,
        p.updated_at,
      ]);

    it('is one file of the home, the catalogue and each product (lastmod its updatedAt) at up to the limit', async () => {
      // The limit is 4 here: the two pages and two products fit.
      await addProduct(t.app, admin, { name: 'One' });
      await addProduct(t.app, admin, { name: 'Two' });
      const res = await get('/sitemap.xml', { host: 'evil.example.org' });
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/xml; charset=utf-8']);
      expect(urlsOf(res.body)).toEqual([[`${PUBLIC_URL}/`], [`${PUBLIC_URL}/products`], ...(await stamps())]);
      expect((await get('/sitemap-2.xml')).statusCode).toBe(404);
    });

    it('past the limit is an index of parts of at most the limit, which together list every page once', async () => {
      for (const name of ['Three', 'Four', 'Five', 'Six', 'Seven']) await addProduct(t.app, admin, { name });
      const index = await get('/sitemap.xml');
      const sets = findAll(parseXml(index.body), (e) => e.tag === 'sitemapindex');
      expect(sets.map((s) => s.attrs['xmlns'])).toEqual(['http://www.sitemaps.org/schemas/sitemap/0.9']);
      const parts = findAll(sets, (e) => e.tag === 'loc').map((l) => l.text);
      // 2 pages + 7 products = 9 URLs: parts of 4, 4 and 1.
      expect(parts).toEqual([1, 2, 3].map((n) => `${PUBLIC_URL}/sitemap-${n}.xml`));
      const lists = [];
      for (const n of [1, 2, 3]) lists.push(urlsOf((await get(`/sitemap-${n}.xml`)).body));
      expect(lists.map((l) => l.length)).toEqual([4, 4, 1]);
      expect(lists.flat()).toEqual([[`${PUBLIC_URL}/`], [`${PUBLIC_URL}/products`], ...(await stamps())]);
      expect((await get('/sitemap-4.xml')).statusCode).toBe(404);
      // Back to one file for the next tests.
      const all = await stamps();
      for (const [url] of all.slice(2))
        await call(t.app, 'DELETE', `/api/service/${url?.split('/').pop() ?? ''}`, admin);
    });
  });
});

describe.each(databases)('a product page for crawlers on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let web: string;
  let id: string;
  const NAME = 'Fan </script><script>alert(1)</script> <b> & "quoted"';
  const DESCRIPTION = 'Quiet 120 mm fan <i>for</i> racks & "cases".';

  beforeAll(async () => {
    web = writeWebBuild();
    ({
      t,
      admin,
      products: { fan: id },
    } = await buildWorld(kind, {
      env: { PUBLIC_URL },
      options: { webDist: web },
      products: {
        fan: {
          name: NAME,
          description: DESCRIPTION,
          price: 1234.5,
          quantity: 100,
          availableQuantity: 150,
          sku: 'FAN-120',
          img: '/api/images/demo/fan.png',
        },
      },
    }));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dirname(web), { recursive: true, force: true });
  });

  const page = (headers: Record<string, string> = {}) => t.app.inject({ url: `/products/${id}`, headers });
  const url = () => `${PUBLIC_URL}/products/${id}`;

  it('holds the product before any script runs: title, description, canonical, OpenGraph, h1, terms, JSON-LD', async () => {
    // A Host of someone else's: every URL still comes from PUBLIC_URL.
    const res = await page({ host: 'evil.example.org', 'x-forwarded-host': 'evil.example.org' });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    const head = headOf(res.body);
    expect(head.title).toBe(`${NAME} · Kestrel Components`);
    expect(head.description).toEqual([DESCRIPTION]);
    expect(head.canonical).toEqual([url()]);
    expect(head.og('title')).toEqual([`${NAME} · Kestrel Components`]);
    expect(head.og('url')).toEqual([url()]);
    expect(head.og('image')).toEqual([`${PUBLIC_URL}/api/images/demo/fan.png`]);
    expect(head.h1).toEqual([NAME]);
    expect(head.rootText).toContain('FAN-120');
    expect(head.rootText).toContain('Price:$1,234.50/per unit');
    expect(head.rootText).toContain('Minimun Order Quantity100');
    expect(head.rootText).toContain('In stock');
    expect(head.rootText).not.toContain('Out of stock');
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: NAME,
        sku: 'FAN-120',
        description: DESCRIPTION,
        image: `${PUBLIC_URL}/api/images/demo/fan.png`,
        offers: {
          '@type': 'Offer',
          price: '1234.50',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url: url(),
        },
      },
    ]);
    // The name and description never open a tag or end the JSON-LD's script: one <script> element of our own each.
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<b>');
    expect(res.body).not.toContain('<i>for</i>');
    expect(findAll(head.doc, (e) => e.tag === 'script').map((e) => e.attrs['type'])).toEqual([
      'application/ld+json',
      'application/json',
      'module',
    ]);
    // The product as GET /api/service/{id} answers anyone, for the storefront's query to start from.
    const data = findAll(head.doc, (e) => e.attrs['id'] === 'product-data').map((e): unknown => JSON.parse(e.text));
    expect(data).toEqual([(await t.app.inject({ url: `/api/service/${id}` })).json()]);
  });

  it('is public and cached with an ETag that a conditional request answers 304, and changes with the stock', async () => {
    const first = await page();
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await page({ 'if-none-match': etag });
    expect([again.statusCode, again.body, again.headers['etag']]).toEqual([304, '', etag]);
    expect((await page({ 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);

    // An order's write moves only the stock (never updated_at): the page's tag changes all the same.
    await t.app.database.db.updateTable('products').set({ available_quantity: 60 }).where('id', '=', id).execute();
    const sold = await page({ 'if-none-match': etag });
    expect(sold.statusCode).toBe(200);
    expect(sold.headers['etag']).not.toBe(etag);
    const soldHead = headOf(sold.body);
    expect(soldHead.rootText).toContain('Out of stock');
    expect(soldHead.rootText).not.toContain('In stock');
    expect(soldHead.jsonLd).toMatchObject([{ offers: { availability: 'https://schema.org/OutOfStock' } }]);

    // An edit of the price changes it too.
    const edit = await call(t.app, 'PATCH', `/api/service/${id}`, admin, { price: 99 });
    expect(edit.statusCode).toBe(200);
    const edited = await page({ 'if-none-match': String(sold.headers['etag']) });
    expect(edited.statusCode).toBe(200);
    expect(headOf(edited.body).jsonLd).toMatchObject([{ offers: { price: '99.00' } }]);
  });

  it('is compressed as the client accepts, each encoding its own tag, each answered 304', async () => {
    const plain = await page();
    const etag = String(plain.headers['etag']);
    for (const [coding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await page({ 'accept-encoding': `${coding}, identity` });
      expect([res.headers['content-encoding'], res.headers['etag'], res.headers['vary']]).toEqual([
        coding,
        `${etag.slice(0, -1)}-${coding}"`,
        'Origin, Accept-Encoding',
      ]);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
      const again = await page({ 'accept-encoding': coding, 'if-none-match': String(res.headers['etag']) });
      expect([again.statusCode, again.body]).toEqual([304, '']);
    }
  });

  it('is the same page for a signed-in caller: list prices only, whatever the token or cookie', async () => {
    const anonymous = await page();
    const signedIn = await page({ authorization: `Bearer ${admin.token}`, cookie: 'session=x' });
    expect([signedIn.statusCode, signedIn.body, signedIn.headers['etag']]).toEqual([
      200,
      anonymous.body,
      anonymous.headers['etag'],
    ]);
  });

  it("never shows a member's contract price, though the API shows it to them", async () => {
    const company = 'c0ffee000000000000000055';
    const alice = await signUp(t.app, 'Alice Buyer', 'alice-seo@example.com');
    await addCompany(t.app, company, [{ userId: alice.id, role: 'buyer' }]);
    const put = await call(t.app, 'PUT', `/api/admin/companies/${company}/prices`, admin, {
      prices: [{ productId: id, price: 7 }],
    });
    expect(put.statusCode).toBe(200);
    // The API answers her the contract price...
    expect((await call(t.app, 'GET', `/api/service/${id}`, alice)).json()).toMatchObject({ contractPrice: 7 });
    // ...the page, with her token, is everyone's page: the list price, no contract price anywhere in it.
    const anonymous = await page();
    const hers = await page({ authorization: `Bearer ${alice.token}` });
    expect([hers.body, hers.headers['etag']]).toEqual([anonymous.body, anonymous.headers['etag']]);
    expect(headOf(hers.body).jsonLd).toMatchObject([{ offers: { price: '99.00' } }]);
    expect(hers.body).not.toContain('contractPrice');
    expect(hers.body).not.toContain('$7.00');
  });

  it("answers an unknown product 404 with 'Page is not Found'", async () => {
    const res = await t.app.inject({ url: `/products/${id.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}` });
    expect(res.statusCode).toBe(404);
    expect(headOf(res.body).h1).toEqual([messages.notFoundPage]);
  });
});

describe.each(databases)('the catalogue and home pages for crawlers on %s', (kind) => {
  let t: TestApp;
  let web: string;
  const ids: string[] = [];

  beforeAll(async () => {
    web = writeWebBuild();
    t = await createTestApp(kind, { PUBLIC_URL }, { webDist: web });
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    // Five fans and a cable; the catalogue lists newest first. Fan 3 has a volume price, Fan 5 too little stock.
    const parts: Array<[string, string, Partial<NewProduct>]> = [
      ['Fan 1', 'FAN-1', {}],
      ['Fan 2', 'FAN-2', {}],
      ['Cable <&>', 'CAB-1', { category: 'Cables' }],
      ['Fan 3', 'FAN-3', { priceBreaks: [{ minQuantity: 500, price: 9.25 }] }],
      ['Fan 4', 'FAN-4', { price: 1234.5 }],
      ['Fan 5', 'FAN-5', {}],
    ];
    for (const [name, sku, more] of parts) {
      ids.push(await addProduct(t.app, admin, { name, sku, price: 10, quantity: 100, category: 'Cooling', ...more }));
    }
    // Orders took Fan 5's stock below its minimum (an order's write moves the stock only).
    await t.app.database.db.updateTable('products').set({ available_quantity: 10 }).where('id', '=', id(5)).execute();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dirname(web), { recursive: true, force: true });
  });

  const id = (n: number) => ids[n] ?? '';
  /** What a crawler reads of a listing: each card's name link (or heading), its price line, and the paging links. */
  const listingOf = (html: string) => {
    const { doc } = headOf(html);
    const root = findAll(doc, (e) => e.attrs['id'] === 'root');
    const cards = findAll(root, (e) => e.tag === 'article');
    return {
      cards: cards.map((card) => {
        const heading = findOne([card], (e) => e.tag === 'h3' || e.tag === 'h2');
        const price = findAll([card], (e) => (e.attrs['class'] ?? '').includes('text-primary') && e.tag === 'p');
        const links = findAll([card], (e) => e.tag === 'a').map((a) => a.attrs['href']);
        return [heading.text, price.map((p) => p.text).join(' / '), ...links];
      }),
      rel: (rel: string) => findAll(doc, (e) => e.attrs['rel'] === rel).map((e) => [e.tag, e.attrs['href']]),
      text: (test: (e: Element) => boolean) => findAll(root, test).map((e) => e.text),
      data: (dataId: string) =>
        findAll(doc, (e) => e.tag === 'script' && e.attrs['id'] === dataId).map((e): unknown => JSON.parse(e.text)),
    };
  };

  it("draws a page's product cards as the app does, list prices, with rel prev/next that keep the query", async () => {
    const res = await t.app.inject({ url: '/products?q=fan&pageSize=2&page=2', headers: { host: 'evil.example.org' } });
    expect([res.statusCode, res.headers['content-type'], res.headers['cache-control']]).toEqual([
      200,
      'text/html; charset=utf-8',
      'no-cache',
    ]);
    const page = listingOf(res.body);
    // Fans newest first by relevance ties: 5, 4 | 3, 2 | 1. Fan 3's headline is its price at the minimum order.
    expect(page.cards).toEqual([
      ['Fan 3', '$10.00 per unit', `/products/${id(3)}`, '/login'],
      ['Fan 2', '$10.00 per unit', `/products/${id(1)}`, '/login'],
    ]);
    expect(page.text((e) => e.tag === 'p' && e.text.startsWith('down to'))).toEqual(['down to $9.25 from 500']);
    expect(page.text((e) => e.attrs['aria-live'] === 'polite')).toEqual([
      '100 × $10.00 = $1,000.00 · $9.25 each from 500',
      '100 × $10.00 = $1,000.00',
    ]);
    expect(page.text((e) => e.tag === 'h1')).toEqual(['Products']);
    expect(page.text((e) => e.attrs['role'] === 'status' && e.tag === 'div')).toEqual([
      'Showing 3–4 of 5 products for “fan” · Page 2 of 3',
    ]);
    // The head's absolute links for crawlers, the pager's own links (relative, as the app writes them) in the page.
    const at = (n: number) => `/products?q=fan${n > 1 ? `&page=${n}` : ''}&pageSize=2`;
    expect(page.rel('prev')).toEqual([
      ['link', `${PUBLIC_URL}${at(1)}`],
      ['a', at(1)],
    ]);
    expect(page.rel('next')).toEqual([
      ['link', `${PUBLIC_URL}${at(3)}`],
      ['a', at(3)],
    ]);
    expect(page.text((e) => (e.attrs['aria-label'] ?? '').startsWith('Page '))).toEqual(['1', '2', '3']);
    const head = headOf(res.body);
    expect([head.title, head.canonical]).toEqual([
      'Products for “fan” · Kestrel Components',
      [`${PUBLIC_URL}${at(2)}`],
    ]);
    // The answer GET /api/catalog gives anyone for this view, for the app's query to start from.
    const api = await t.app.inject({ url: '/api/catalog?q=fan&page=2&pageSize=2' });
    expect(page.data('catalogue-data')).toEqual([{ search: 'q=fan&page=2&pageSize=2', page: api.json() }]);

    const last = listingOf((await t.app.inject({ url: '/products?q=fan&pageSize=2&page=3' })).body);
    expect([last.cards.length, last.rel('next'), last.rel('prev').length]).toEqual([1, [], 2]);
  });

  it('draws the first page of a plain /products with a next link only, a sold-out card, and escapes the names', async () => {
    const res = await t.app.inject({ url: '/products?pageSize=4' });
    const page = listingOf(res.body);
    expect(page.cards).toEqual([
      ['Fan 5', '$10.00 per unit', `/products/${id(5)}`],
      ['Fan 4', '$1,234.50 per unit', `/products/${id(4)}`, '/login'],
      ['Fan 3', '$10.00 per unit', `/products/${id(3)}`, '/login'],
      ['Cable <&>', '$10.00 per unit', `/products/${id(2)}`, '/login'],
    ]);
    // Fan 5 has less stock than its minimum: no way to order it, and the card says why.
    expect(page.text((e) => (e.attrs['class'] ?? '').includes('text-error'))).toEqual([
      '10 (below minimum)',
      'Not enough stock for the minimum order right now.',
    ]);
    expect(page.rel('prev')).toEqual([]);
    expect(page.rel('next')).toEqual([
      ['link', `${PUBLIC_URL}/products?page=2&pageSize=4`],
      ['a', '/products?page=2&pageSize=4'],
    ]);
    // The category facets with their counts, as links that keep the view.
    expect(page.text((e) => e.tag === 'a' && (e.attrs['href'] ?? '').includes('category='))).toEqual([
      'Cables 1 products',
      'Cooling 5 products',
    ]);
    expect(res.body).not.toContain('Cable <&>');
  });

  it('sends the listing pages gzip-compressed to a client that accepts it', async () => {
    for (const url of ['/products', '/']) {
      const plain = await t.app.inject({ url });
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect([res.statusCode, res.headers['content-encoding']]).toEqual([200, 'gzip']);
      expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('never shows a member their contract price, though GET /api/catalog shows it to them', async () => {
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    const company = 'c0ffee000000000000000056';
    const bob = await signUp(t.app, 'Bob Buyer', 'bob-seo@example.com');
    await addCompany(t.app, company, [{ userId: bob.id, role: 'buyer' }]);
    const put = await call(t.app, 'PUT', `/api/admin/companies/${company}/prices`, admin, {
      prices: [{ productId: id(4), price: 7 }],
    });
    expect(put.statusCode).toBe(200);
    const api = await call(t.app, 'GET', '/api/catalog?pageSize=4', bob);
    const answer: { items: Array<{ name: string; contractPrice?: number }> } = api.json();
    expect(answer.items.map((p) => [p.name, p.contractPrice])).toEqual([
      ['Fan 5', undefined],
      ['Fan 4', 7],
      ['Fan 3', undefined],
      ['Cable <&>', undefined],
    ]);
    for (const url of ['/products?pageSize=4', '/']) {
      const anonymous = await t.app.inject({ url });
      const his = await t.app.inject({ url, headers: { authorization: `Bearer ${bob.token}`, cookie: 'session=x' } });
      expect(his.body).toBe(anonymous.body);
      expect(his.body).not.toContain('$7.00');
      expect(his.body).not.toContain('contractPrice');
    }
  });

  it('answers a view the catalogue refuses with the plain shell, and no data for the app to start from', async () => {
    const res = await t.app.inject({ url: `/products?q=${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(200);
    const page = listingOf(res.body);
    expect([page.cards, page.data('catalogue-data'), headOf(res.body).rootText]).toEqual([[], [], '']);
  });

  it("draws the home page's three latest products as the app's cards, with the list that its query starts from", async () => {
    for (const url of ['/', '/home']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      const page = listingOf(res.body);
      expect(page.cards).toEqual([
        ['Fan 5', 'Price:$10.00/per unit', `/purchase/${id(5)}`],
        ['Fan 4', 'Price:$1,234.50/per unit', `/purchase/${id(4)}`],
        ['Fan 3', 'Price:$10.00/per unit', `/purchase/${id(3)}`],
      ]);
      expect(page.text((e) => e.tag === 'h1')).toEqual(['Precision computer parts, built for your production line']);
      expect(headOf(res.body).canonical).toEqual([`${PUBLIC_URL}/`]);
      const api = await t.app.inject({ url: '/api/service?sort=newest&limit=3' });
      expect(page.data('latest-products-data')).toEqual([api.json()]);
    }
  });
});
