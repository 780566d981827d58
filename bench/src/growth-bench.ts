// Does the home page's API cost stay flat as the catalogue grows? Three SQLite databases (100, 10,000 and 100,000
// products): the server creates each schema with its own migrations and seeds the demo catalogue, then the bench
// tops the products table up with the generated catalogue (catalogue-data.ts) straight through better-sqlite3 in one
// transaction, restarts the servers side by side and times the two calls the home page makes, alternating between
// sizes so outside load hits all three alike.
import Database from 'better-sqlite3';
import http from 'node:http';
import path from 'node:path';
import { budgets } from './budgets.js';
import { CATALOGUE_SIZES, fillSqlite } from './catalogue-data.js';
import { atMost, type Figure } from './figures.js';
import { medianOf, timedGet } from './latency.js';
import { startServer, withServer, type ServerProcess } from './processes.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';

export const SIZES = CATALOGUE_SIZES;
export const HOME_CALLS = ['/api/service?sort=newest&limit=3', '/api/review'] as const;
const SAMPLES = 300;
const NEWEST_QUERY = 'SELECT * FROM products ORDER BY id DESC LIMIT 3';

function fill(file: string, total: number): { plan: string } {
  fillSqlite(file, total);
  const db = new Database(file, { readonly: true });
  try {
    const plan = db.prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN ${NEWEST_QUERY}`).all();
    return { plan: plan.map((p) => p.detail).join('; ') };
  } finally {
    db.close();
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

interface Cost {
  ms: number;
  bytes: number;
}

/** Per size and call: median time and body bytes over SAMPLES requests, taken round-robin across sizes. */
async function measure(servers: ServerProcess[]): Promise<Cost[][]> {
  const times = servers.map(() => HOME_CALLS.map((): number[] => []));
  const bytes = servers.map(() => HOME_CALLS.map(() => 0));
  for (let round = -20; round < SAMPLES; round += 1) {
    for (const [s, server] of servers.entries()) {
      for (const [c, call] of HOME_CALLS.entries()) {
        const r = await timedGet(server.origin + call, agent);
        // The first rounds only warm the servers up.
        if (round >= 0) times[s]?.[c]?.push(r.ms);
        const row = bytes[s];
        if (row) row[c] = r.bytes;
      }
    }
  }
  return servers.map((_, s) =>
    HOME_CALLS.map((_, c) => ({ ms: medianOf(times[s]?.[c] ?? []), bytes: bytes[s]?.[c] ?? 0 })),
  );
}

export async function growthBench(kind: TargetKind): Promise<Figure[]> {
  if (kind !== 'product') return [];
  const scratch = await scratchDir('growth');
  const servers: ServerProcess[] = [];
  try {
    const plans: string[] = [];
    for (const size of SIZES) {
      const file = path.join(scratch.dir, `growth-${size}.db`);
      const spec = productSpec(kind, { databaseUrl: `file:${file}`, dataDir: scratch.dir });
      await withServer(spec, async () => undefined);
      plans.push(fill(file, size).plan);
      servers.push(await startServer(spec));
    }
    const costs = await measure(servers);
    const section = 'growth';
    const figures: Figure[] = [];
    for (const [s, size] of SIZES.entries()) {
      for (const [c, call] of HOME_CALLS.entries()) {
        const cost = costs[s]?.[c];
        figures.push({
          section,
          name: `${size.toLocaleString('en-US')} products GET ${call}`,
          value: cost?.ms ?? null,
          unit: 'ms',
          note: `${cost?.bytes ?? '?'} bytes, median of ${SAMPLES}`,
        });
      }
    }
    const total = (s: number) =>
      (costs[s] ?? []).reduce((a, c) => ({ ms: a.ms + c.ms, bytes: a.bytes + c.bytes }), { ms: 0, bytes: 0 });
    const small = total(0);
    const large = total(SIZES.length - 1);
    figures.push(
      {
        section,
        name: 'home API time 100,000 / 100 products',
        value: large.ms / small.ms,
        unit: 'ratio',
        budget: atMost(budgets.growthTimeRatio),
        note: `${small.ms.toFixed(2)} ms -> ${large.ms.toFixed(2)} ms`,
      },
      {
        section,
        name: 'home API bytes 100,000 / 100 products',
        value: large.bytes / small.bytes,
        unit: 'ratio',
        budget: atMost(budgets.growthBytesRatio),
        note: `${small.bytes} -> ${large.bytes} bytes; plan: ${plans.at(-1) ?? ''}`,
      },
    );
    return figures;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    agent.destroy();
    await scratch.dispose();
  }
}
