// Does GET /api/catalog stay fast and flat as the catalogue grows? On SQLite and on PostgreSQL, three databases each
// (100, 10,000 and 100,000 products): the server creates each schema with its own migrations and seeds the demo
// catalogue, then the bench tops the products table up with the generated catalogue (catalogue-data.ts: series of 30
// products, so the searched words match the same products at every size) in one transaction, letting the database's
// own triggers fill the search index. The three servers of one database then run side by side and three calls are
// timed round-robin (a one-word search, a SKU-prefix search, a category page with its facets), so outside load hits
// all sizes alike. Before timing, every answer is checked: the searches find exactly series 0's 30 products and the
// category page's facets count the whole catalogue. A fourth call (issue #25) reads the category page as a signed-in
// member of a company with contract prices on some of its products (every other processor of the first 500, so up to
// 250 prices, 12 of them on the page): the answer carries each one's contractPrice, and the budgets are the same.
import http from 'node:http';
import path from 'node:path';
import { createCompany, getAs, logInAdmin, putContractPrices, read, signUpCustomers } from './api-client.js';
import { budgets } from './budgets.js';
import { CATALOG_SEARCHES, CATALOGUE_SIZES, fillPostgres, fillSqlite, firstSeriesCount } from './catalogue-data.js';
import { atMost, guarded, type Figure } from './figures.js';
import { quantileOf, timedGet } from './latency.js';
import { withPostgresDatabase } from './postgres.js';
import { startServer, withServer, type ServerProcess } from './processes.js';
import { hostileSearchFigures } from './hostile-search-bench.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';

const SAMPLES = 300;
const WARMUP_ROUNDS = 20;

interface Call {
  label: string;
  path: string;
  /** Asked with the site's company member's token (the others are anonymous, as a visitor browses). */
  member?: boolean;
  /** Throws when the answer is not what the generated catalogue must give (wrong matches, unfilled index). */
  check(page: CatalogAnswer, size: number, generated: number): void;
}

interface CatalogAnswer {
  items: Array<{ sku: string; name: string; category: string; contractPrice?: number }>;
  total: number;
  categories: Array<{ name: string; count: number }>;
}

function isCatalogAnswer(value: unknown): value is CatalogAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    'items' in value &&
    Array.isArray(value.items) &&
    'total' in value &&
    typeof value.total === 'number' &&
    'categories' in value &&
    Array.isArray(value.categories)
  );
}

const { word, skuPrefix, category } = CATALOG_SEARCHES;

function expectSeries(
  what: string,
  page: CatalogAnswer,
  generated: number,
  matches: (item: CatalogAnswer['items'][number]) => boolean,
) {
  const expected = firstSeriesCount(generated);
  if (page.total !== expected || !page.items.every(matches)) {
    const found = page.items.slice(0, 3).map((i) => `${i.sku} ${i.name}`);
    throw new Error(`${what}: expected the ${expected} products of series 0, got ${page.total} (${found.join('; ')})`);
  }
}

/** The category page's checks: its facets count the whole catalogue and its items are all of the category. */
function checkCategoryPage(page: CatalogAnswer, size: number) {
  const counted = page.categories.reduce((sum, c) => sum + c.count, 0);
  const own = page.categories.find((c) => c.name === category)?.count ?? 0;
  const full = page.categories.length === 8 && counted === size && page.total === own;
  if (!full || page.items.length !== Math.min(24, own)) {
    throw new Error(`category=${category}: facets count ${counted} of ${size} products, total ${page.total}`);
  }
  if (!page.items.every((item) => item.category === category)) throw new Error(`category=${category}: other items`);
}

export const CATALOG_CALLS: readonly Call[] = [
  {
    label: 'one word',
    path: `/api/catalog?q=${encodeURIComponent(word)}`,
    check: (page, _size, generated) =>
      expectSeries(`q=${word}`, page, generated, (item) => item.name.toLowerCase().startsWith(`${word} `)),
  },
  {
    label: 'SKU prefix',
    path: `/api/catalog?q=${encodeURIComponent(skuPrefix)}`,
    check: (page, _size, generated) =>
      expectSeries(`q=${skuPrefix}`, page, generated, (item) => item.sku.startsWith(skuPrefix)),
  },
  {
    label: 'category page',
    path: `/api/catalog?category=${encodeURIComponent(category)}`,
    check: (page, size) => {
      checkCategoryPage(page, size);
      if (page.items.some((item) => item.contractPrice !== undefined)) throw new Error('a visitor got contract prices');
    },
  },
  {
    label: "member's category page",
    path: `/api/catalog?category=${encodeURIComponent(category)}`,
    member: true,
    check: (page, size) => {
      checkCategoryPage(page, size);
      const priced = page.items.filter((item) => item.contractPrice !== undefined).length;
      if (priced !== Math.ceil(page.items.length / 2)) {
        throw new Error(`the member's category page has ${priced} contract prices of ${page.items.length} items`);
      }
    },
  },
];

/** Pages of the category read to choose the priced products from (100 a page). */
const PRICED_PAGES = 5;

/**
 * A customer who founds a company, and that company's contract prices on every other processor of the first
 * PRICED_PAGES pages by newest (so every other item of the category page the member reads), at 90% of the list price.
 */
async function memberWithContractPrices(origin: string, label: string): Promise<string> {
  const [token = ''] = await signUpCustomers(origin, 1, label);
  const companyId = await createCompany(origin, token, `Bench Company ${label}`);
  const ids: Array<{ productId: string; price: number }> = [];
  for (let page = 1; page <= PRICED_PAGES; page += 1) {
    const answer = await getAs(
      origin,
      `/api/catalog?category=${encodeURIComponent(category)}&pageSize=100&page=${page}`,
    );
    const items = read(answer, 'items');
    if (!Array.isArray(items)) throw new Error('GET /api/catalog answered no items');
    for (const item of items) {
      const productId = read(item, '_id');
      const price = read(item, 'price');
      if (typeof productId === 'string' && typeof price === 'number') ids.push({ productId, price });
    }
    if (items.length < 100) break;
  }
  const prices = ids
    .filter((_, i) => i % 2 === 0)
    .map((p) => ({ productId: p.productId, price: Math.max(0.01, Math.round(p.price * 90) / 100) }));
  await putContractPrices(origin, await logInAdmin(origin), companyId, prices);
  return token;
}

interface Site {
  size: number;
  generated: number;
  server: ServerProcess;
  /** A member of a company with contract prices (the member's call). */
  memberToken: string;
}

interface Timing {
  median: number;
  p90: number;
  p99: number;
  bytes: number;
  total: number;
}

const headersOf = (call: Call, site: Site): Record<string, string> =>
  call.member ? { authorization: `Bearer ${site.memberToken}` } : {};

async function getAnswer(url: string, headers: Record<string, string>): Promise<CatalogAnswer> {
  const res = await fetch(url, { headers });
  const body: unknown = await res.json();
  if (res.status !== 200 || !isCatalogAnswer(body))
    throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 120)}`);
  return body;
}

/** Checks every answer, then times each call at each size: SAMPLES rounds after the warm-up, round-robin. */
async function measure(sites: Site[]): Promise<Timing[][]> {
  const totals = await Promise.all(
    sites.map((site) =>
      Promise.all(
        CATALOG_CALLS.map(async (call) => {
          const page = await getAnswer(site.server.origin + call.path, headersOf(call, site));
          call.check(page, site.size, site.generated);
          return page.total;
        }),
      ),
    ),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const times = sites.map(() => CATALOG_CALLS.map((): number[] => []));
    const bytes = sites.map(() => CATALOG_CALLS.map(() => 0));
    for (let round = -WARMUP_ROUNDS; round < SAMPLES; round += 1) {
      for (const [s, site] of sites.entries()) {
        for (const [c, call] of CATALOG_CALLS.entries()) {
          const r = await timedGet(site.server.origin + call.path, agent, headersOf(call, site));
          if (round >= 0) times[s]?.[c]?.push(r.ms);
          const row = bytes[s];
          if (row) row[c] = r.bytes;
        }
      }
    }
    return sites.map((_, s) =>
      CATALOG_CALLS.map((_, c) => {
        const samples = times[s]?.[c] ?? [];
        return {
          median: quantileOf(samples, 0.5),
          p90: quantileOf(samples, 0.9),
          p99: quantileOf(samples, 0.99),
          bytes: bytes[s]?.[c] ?? 0,
          total: totals[s]?.[c] ?? 0,
        };
      }),
    );
  } finally {
    agent.destroy();
  }
}

const count = (n: number) => n.toLocaleString('en-US');

function figuresOf(section: string, sites: Site[], timings: Timing[][]): Figure[] {
  const figures: Figure[] = [];
  for (const [c, call] of CATALOG_CALLS.entries()) {
    for (const [s, site] of sites.entries()) {
      const t = timings[s]?.[c];
      figures.push({
        section,
        name: `${call.label}, ${count(site.size)} products`,
        value: t?.median ?? null,
        unit: 'ms',
        budget: atMost(budgets.catalogMedianMs),
        note: t
          ? `GET ${call.path}${call.member ? " with a member's token" : ''}: total ${count(t.total)}, ${count(t.bytes)} bytes; median of ${SAMPLES}, p90 ${t.p90.toFixed(2)}, p99 ${t.p99.toFixed(2)} ms`
          : '',
      });
    }
    const at10k = timings[sites.findIndex((site) => site.size === 10_000)]?.[c]?.median;
    const at100k = timings[sites.findIndex((site) => site.size === 100_000)]?.[c]?.median;
    if (at10k !== undefined && at100k !== undefined) {
      figures.push({
        section,
        name: `${call.label}, 100,000 / 10,000 products`,
        value: at100k / at10k,
        unit: 'ratio',
        budget: atMost(budgets.catalogGrowthRatio),
        note: `${at10k.toFixed(2)} ms -> ${at100k.toFixed(2)} ms`,
      });
    }
  }
  return figures;
}

/** Migrates and seeds each database with the product itself, fills it, then runs the three servers side by side. */
async function benchDatabases(
  kind: TargetKind,
  section: string,
  databases: Array<{ size: number; url: string }>,
  dataDir: string,
  fill: (url: string, size: number) => Promise<number>,
): Promise<Figure[]> {
  const sites: Site[] = [];
  try {
    for (const { size, url } of databases) {
      const spec = productSpec(kind, { databaseUrl: url, dataDir });
      await withServer(spec, async () => undefined);
      const began = performance.now();
      const generated = await fill(url, size);
      console.log(
        `[bench] ${section}: ${count(generated)} products generated in ${((performance.now() - began) / 1000).toFixed(1)} s`,
      );
      const site: Site = { size, generated, server: await startServer(spec), memberToken: '' };
      sites.push(site); // before the set-up below, so the finally stops this server whatever happens next
      site.memberToken = await memberWithContractPrices(site.server.origin, `${section.replace(' ', '-')}-${size}`);
    }
    const figures = figuresOf(section, sites, await measure(sites));
    const largest = sites.find((site) => site.size === 100_000);
    if (!largest) return figures;
    const ordinary = CATALOG_CALLS[1]?.path ?? '/api/catalog';
    // After the timed calls, so a stopped search's restart never shows in their figures.
    const hostile = await guarded(`${section} hostile`, () =>
      hostileSearchFigures(section, largest.server.origin, ordinary, section.endsWith('sqlite')),
    );
    return [...figures, ...hostile];
  } finally {
    await Promise.all(sites.map((site) => site.server.stop()));
  }
}

/** One scratch PostgreSQL database per size, all dropped afterwards. */
async function withPostgresDatabases<T>(sizes: readonly number[], use: (urls: string[]) => Promise<T>): Promise<T> {
  const [first, ...rest] = sizes;
  if (first === undefined) return use([]);
  return withPostgresDatabase(`catalog${first}`, (url) => withPostgresDatabases(rest, (urls) => use([url, ...urls])));
}

export async function catalogBench(kind: TargetKind): Promise<Figure[]> {
  if (kind !== 'product') return [];
  const scratch = await scratchDir('catalog');
  try {
    const sqlite = await guarded('catalog sqlite', () =>
      benchDatabases(
        kind,
        'catalog sqlite',
        CATALOGUE_SIZES.map((size) => ({ size, url: `file:${path.join(scratch.dir, `catalog-${size}.db`)}` })),
        scratch.dir,
        (url, size) => Promise.resolve(fillSqlite(url.slice('file:'.length), size)),
      ),
    );
    const postgres = await guarded('catalog postgres', () =>
      withPostgresDatabases(CATALOGUE_SIZES, (urls) =>
        benchDatabases(
          kind,
          'catalog postgres',
          CATALOGUE_SIZES.map((size, i) => ({ size, url: urls[i] ?? '' })),
          scratch.dir,
          fillPostgres,
        ),
      ),
    );
    return [...sqlite, ...postgres];
  } finally {
    await scratch.dispose();
  }
}
