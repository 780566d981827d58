// A product page's HTML for crawlers (B2B §18, issue 55) at 100,000 products: the database is filled as the
// catalogue part fills it (catalogue-data.ts), the server started on it, and GET /products/{id} of 30 products spread
// over the catalogue timed on one kept-alive connection, after the first answer is checked (its JSON-LD names it).
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { budgets } from './budgets.js';
import { fillPostgres, fillSqlite } from './catalogue-data.js';
import { atMost, guarded, type Figure } from './figures.js';
import { quantileOf, timedGet, timedGetBody } from './latency.js';
import { withPostgresDatabase } from './postgres.js';
import { withServer } from './processes.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';

const PRODUCTS = 100_000;
const PAGES = 30;
const ROUNDS = 3;
const WARMUP = 5;

interface Page {
  id: string;
  name: string;
}

function sqlitePages(file: string): Page[] {
  const db = new Database(file, { readonly: true });
  try {
    const step = Math.floor(PRODUCTS / PAGES);
    const statement = db.prepare<[number], Page>('SELECT id, name FROM products ORDER BY id LIMIT 1 OFFSET ?');
    return Array.from({ length: PAGES }, (_, i) => statement.get(i * step)).filter((p): p is Page => p !== undefined);
  } finally {
    db.close();
  }
}

async function postgresPages(url: string): Promise<Page[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const step = Math.floor(PRODUCTS / PAGES);
    const { rows } = await client.query<Page>(
      `SELECT id, name FROM (SELECT id, name, row_number() OVER (ORDER BY id) AS n FROM products) p
       WHERE (n - 1) % ${step} = 0 ORDER BY id LIMIT ${PAGES}`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

async function measure(section: string, origin: string, pages: Page[]): Promise<Figure[]> {
  if (pages.length !== PAGES) throw new Error(`${section}: ${pages.length} products to open, expected ${PAGES}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = pages[0];
    if (!first) throw new Error('no product');
    const { body } = await timedGetBody(`${origin}/products/${first.id}`, agent);
    if (!body.includes('"@type":"Product"') || !body.includes('<h1'))
      throw new Error(`${section}: no product in the page`);
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, page] of pages.entries()) {
        const { ms } = await timedGet(`${origin}/products/${page.id}`, agent);
        if (round > 0 || i >= WARMUP) times.push(ms);
      }
    }
    return [
      {
        section,
        name: `product page HTML at ${PRODUCTS.toLocaleString('en-US')} products`,
        value: quantileOf(times, 0.5),
        unit: 'ms',
        budget: atMost(budgets.productPageMedianMs),
        note: `GET /products/{id} of ${PAGES} products across the catalogue: median of ${times.length}, p90 ${quantileOf(times, 0.9).toFixed(1)} ms`,
      },
    ];
  } finally {
    agent.destroy();
  }
}

export async function seoPageBench(kind: TargetKind): Promise<Figure[]> {
  if (kind !== 'product') return [];
  const scratch = await scratchDir('seo');
  try {
    const file = path.join(scratch.dir, 'seo.db');
    const sqlite = await guarded('seo sqlite', async () => {
      const spec = productSpec(kind, { databaseUrl: `file:${file}`, dataDir: scratch.dir, seedDemo: false });
      await withServer(spec, async () => undefined);
      fillSqlite(file, PRODUCTS);
      const pages = sqlitePages(file);
      return withServer(spec, (server) => measure('seo sqlite', server.origin, pages));
    });
    const postgres = await guarded('seo postgres', () =>
      withPostgresDatabase('seo', async (url) => {
        const spec = productSpec(kind, { databaseUrl: url, dataDir: scratch.dir, seedDemo: false });
        await withServer(spec, async () => undefined);
        await fillPostgres(url, PRODUCTS);
        const pages = await postgresPages(url);
        return withServer(spec, (server) => measure('seo postgres', server.origin, pages));
      }),
    );
    return [...sqlite, ...postgres];
  } finally {
    await scratch.dispose();
  }
}
