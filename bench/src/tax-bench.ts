// The order path with a tax table (B2B §13, issue #50): SPEC's POST /api/order on SQLite and PostgreSQL, in rounds over three
// tables, each round starting with the next so outside load and the growing database hit all alike: none; 60 rows
// none of which is the shop's country (the rate is looked up and nothing applies: the lookup's own cost); and 60 rows
// that include it (every order is taxed; on SQLite it keeps the hot write, which records the tax; PostgreSQL's hot
// statements write untaxed orders only, so a taxed one takes the plain transaction). The table is
// replaced through the admin's PUT between runs, as an administrator would; the order path reads it from memory.
import path from 'node:path';
import { addBenchProduct, logInAdmin, ORDER_BODY, readAnswer, signUpCustomers } from './api-client.js';
import type { LoadShape } from './budgets.js';
import type { Figure } from './figures.js';
import { best, describeLoad, runLoad, type LoadResult } from './load.js';
import { withPostgresDatabase } from './postgres.js';
import { withServer, type ServerProcess } from './processes.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';

const CUSTOMERS = 8;

/** 60 rows: every US state and DC at 1-9%, and nine EU VAT rates; `withShop` adds the shop country's (US) row. */
function table(withShop: boolean) {
  const states = ['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS'];
  const more = ['KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC'];
  const rest = ['ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY'];
  const regions = [...states, ...more, ...rest].map((region, i) => ({
    country: 'US',
    region,
    rate: 1 + (i % 9) + 0.125,
    name: 'Sales tax',
  }));
  const eu = ['DE', 'FR', 'IT', 'ES', 'NL', 'BE', 'AT', 'PL', 'SE'].map((country) => ({
    country,
    rate: 20,
    name: 'VAT',
  }));
  const rows: Array<{ country: string; region?: string; rate: number; name: string }> = [...regions, ...eu];
  // 51 + 9 = 60; with the shop's own row one of the EU rows makes way for it, so both tables hold 60.
  if (withShop) rows.splice(rows.length - 1, 1, { country: 'US', rate: 6.25, name: 'Sales tax' });
  if (rows.length !== 60) throw new Error(`the bench's tax table holds ${rows.length} rows, not 60`);
  return rows;
}

async function putRates(origin: string, token: string, rates: unknown[]) {
  const res = await fetch(`${origin}/api/admin/tax-rates`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ rates }),
  });
  await readAnswer(res, 'PUT /api/admin/tax-rates');
  if (!res.ok) throw new Error(`PUT /api/admin/tax-rates answered ${res.status}`);
}

async function ordersByTable(server: ServerProcess, shape: LoadShape) {
  const { origin } = server;
  const admin = await logInAdmin(origin);
  const tokens = await signUpCustomers(origin, CUSTOMERS, 'tax');
  const productId = await addBenchProduct(origin, admin);
  const load = (warmupSeconds: number) =>
    runLoad({
      origin,
      path: '/api/order',
      method: 'POST',
      body: ORDER_BODY(productId),
      headerSets: tokens.map((token) => ({ authorization: `Bearer ${token}` })),
      ...shape,
      warmupSeconds,
      pid: server.pid,
    });
  const none: LoadResult[] = [];
  const untouched: LoadResult[] = [];
  const taxed: LoadResult[] = [];
  const scenes: Array<{ rates: unknown[]; runs: LoadResult[] }> = [
    { rates: [], runs: none },
    { rates: table(false), runs: untouched },
    { rates: table(true), runs: taxed },
  ];
  // Each round starts with the next scene, so none of them is always the one run on the fullest database.
  for (let round = 0; round < shape.rounds * scenes.length; round += 1) {
    const scene = scenes[(round + Math.floor(round / scenes.length)) % scenes.length];
    if (!scene) continue;
    await putRates(origin, admin, scene.rates);
    scene.runs.push(await load(round === 0 ? shape.warmupSeconds : 0));
  }
  return { none: best(none), untouched: best(untouched), taxed: best(taxed) };
}

function figuresOf(section: string, runs: Awaited<ReturnType<typeof ordersByTable>>): Figure[] {
  const ratio = (r: LoadResult) => (runs.none.rps > 0 ? r.rps / runs.none.rps : null);
  return [
    {
      section,
      name: 'POST /api/order orders/s, no tax table',
      value: runs.none.rps,
      unit: 'req/s',
      note: describeLoad(runs.none),
    },
    {
      section,
      name: "POST /api/order orders/s, 60 rows, none the shop country's",
      value: runs.untouched.rps,
      unit: 'req/s',
      note: describeLoad(runs.untouched),
    },
    {
      section,
      name: "POST /api/order orders/s, 60 rows with the shop country's (every order taxed)",
      value: runs.taxed.rps,
      unit: 'req/s',
      note: describeLoad(runs.taxed),
    },
    { section, name: 'POST /api/order, 60 rows untouched / none', value: ratio(runs.untouched), unit: 'ratio' },
    { section, name: 'POST /api/order, 60 rows taxed / none', value: ratio(runs.taxed), unit: 'ratio' },
  ];
}

export async function taxBench(kind: TargetKind, shape: LoadShape): Promise<Figure[]> {
  const scratch = await scratchDir('tax');
  try {
    const env = { MAX_OPEN_ORDERS: '100000000' };
    const onSqlite = await withServer(
      productSpec(kind, { databaseUrl: `file:${path.join(scratch.dir, 'bench.db')}`, dataDir: scratch.dir, env }),
      (server) => ordersByTable(server, shape),
    );
    const onPostgres = await withPostgresDatabase('tax', (databaseUrl) =>
      withServer(productSpec(kind, { databaseUrl, dataDir: scratch.dir, env }), (server) =>
        ordersByTable(server, shape),
      ),
    );
    return [...figuresOf('api sqlite tax', onSqlite), ...figuresOf('api postgres tax', onPostgres)];
  } finally {
    await scratch.dispose();
  }
}
