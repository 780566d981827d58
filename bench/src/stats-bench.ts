// The admin's figures at a year of orders (B2B §8, issue #27): on SQLite and PostgreSQL the server migrates its
// database and the database generates the order desk's 100,000 orders of 2025 (order-desk-data.ts); the three in four
// that are not pending are then marked paid when placed, in one UPDATE. GET /api/admin/stats for the whole of 2025 is
// timed on one kept-alive connection after its answer is checked (365 days, every order counted by status).
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { logInAdmin, signUpCustomers } from './api-client.js';
import { budgets } from './budgets.js';
import { atMost, guarded, type Figure } from './figures.js';
import { quantileOf, timedGet, timedGetBody } from './latency.js';
import {
  fillOrdersPostgres,
  fillOrdersSqlite,
  ORDER_COUNT,
  ownersPostgres,
  ownersSqlite,
  type OrderOwners,
} from './order-desk-data.js';
import { withPostgresDatabase } from './postgres.js';
import { withServer } from './processes.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';

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

async function benchDatabase(
  kind: TargetKind,
  section: string,
  url: string,
  dataDir: string,
  owners: (emails: [string, string]) => Promise<OrderOwners>,
  fill: (owners: OrderOwners) => Promise<void>,
): Promise<Figure[]> {
  const spec = productSpec(kind, { databaseUrl: url, dataDir, seedDemo: false });
  return withServer(spec, async (server) => {
    await signUpCustomers(server.origin, 2, 'stats');
    const admin = await logInAdmin(server.origin);
    await fill(await owners(['bench-stats-0@kestrel.test', 'bench-stats-1@kestrel.test']));
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
  });
}

export async function statsBench(kind: TargetKind): Promise<Figure[]> {
  if (kind !== 'product') return [];
  const scratch = await scratchDir('stats');
  try {
    const file = path.join(scratch.dir, 'orders.db');
    const sqlite = await guarded('admin stats sqlite', () =>
      benchDatabase(
        kind,
        'admin stats sqlite',
        `file:${file}`,
        scratch.dir,
        (emails) => ownersSqlite(file, emails),
        async (owners) => {
          fillOrdersSqlite(file, owners);
          const db = new Database(file);
          try {
            db.exec(PAY);
            db.exec('ANALYZE');
          } finally {
            db.close();
          }
        },
      ),
    );
    const postgres = await guarded('admin stats postgres', () =>
      withPostgresDatabase('stats', (url) =>
        benchDatabase(
          kind,
          'admin stats postgres',
          url,
          scratch.dir,
          (emails) => ownersPostgres(url, emails),
          async (owners) => {
            await fillOrdersPostgres(url, owners);
            const client = new pg.Client({ connectionString: url });
            await client.connect();
            try {
              await client.query(PAY);
              await client.query('VACUUM ANALYZE');
            } finally {
              await client.end();
            }
          },
        ),
      ),
    );
    return [...sqlite, ...postgres];
  } finally {
    await scratch.dispose();
  }
}
