// The admin's figures at a year of orders (B2B §8, issue #27): on SQLite and PostgreSQL the server migrates its
// database and the database generates the order desk's 100,000 orders of 2025 (order-desk-data.ts); the three in four
// that are not pending are then marked paid when placed, in one UPDATE. GET /api/admin/stats for the whole of 2025 is
// timed on one kept-alive connection after its answer is checked (365 days, every order counted by status).
import http from 'node:http';
import Database from 'better-sqlite3';
import pg from 'pg';
import { budgets } from './budgets.js';
import { atMost, type Figure } from './figures.js';
import { quantileOf, timedGet, timedGetBody } from './latency.js';
import { ORDER_COUNT } from './order-desk-data.js';
import { orderYearBench, type OrderYear } from './order-year.js';
import { type TargetKind } from './target.js';

const SAMPLES = 30;
const WARMUP = 3;
const PATH = '/api/admin/stats?from=2025-01-01&to=2025-12-31';
const PAY = `UPDATE orders SET paid_at = created_at, transaction_id = 'bench' WHERE status <> 'pending'`;

function check(body: string): void {
  const stats = JSON.parse(body) as { revenue: unknown[]; ordersByStatus: Record<string, number> };
  const counted = Object.values(stats.ordersByStatus).reduce((a, b) => a + b, 0);
  if (stats.revenue.length !== 365 || counted !== ORDER_COUNT) {
    throw new Error(`stats: ${stats.revenue.length} days, ${counted} orders counted; expected 365 and ${ORDER_COUNT}`);
  }
}

async function measure({ server, section, admin }: OrderYear): Promise<Figure[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    check((await timedGetBody(server.origin + PATH, agent, { authorization: `Bearer ${admin}` })).body);
    const times: number[] = [];
    for (let round = -WARMUP; round < SAMPLES; round += 1) {
      const { ms } = await timedGet(server.origin + PATH, agent, { authorization: `Bearer ${admin}` });
      if (round >= 0) times.push(ms);
    }
    return [
      {
        section,
        name: `admin stats for a year, ${ORDER_COUNT.toLocaleString('en-US')} orders`,
        value: quantileOf(times, 0.5),
        unit: 'ms',
        budget: atMost(budgets.statsYearMs),
        note: `GET ${PATH}: median of ${SAMPLES}, p90 ${quantileOf(times, 0.9).toFixed(1)} ms`,
      },
    ];
  } finally {
    agent.destroy();
  }
}

/** Marks the three in four orders that are not pending paid when placed, then refreshes the planner's statistics. */
function paySqlite(file: string): void {
  const db = new Database(file);
  try {
    db.exec(PAY);
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
}

async function payPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(PAY);
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

export function statsBench(kind: TargetKind): Promise<Figure[]> {
  return orderYearBench(kind, {
    title: 'admin stats',
    label: 'stats',
    scratch: 'stats',
    postgresName: 'stats',
    afterFill: { sqlite: paySqlite, postgres: payPostgres },
    measure,
  });
}
