// The parts measured at a year of orders (order desk, admin stats, full order list) share one set-up: on SQLite and
// PostgreSQL the server migrates a scratch database, two customers sign up (the first is the measured buyer, the
// second owns the other 90,000), the admin logs in, and the database generates order-desk-data.ts's 100,000 orders.
// Each part says only what it does to the filled database (afterFill) and what it measures on the running server.
import path from 'node:path';
import { logInAdmin, signUpCustomers } from './api-client.js';
import { guarded, type Figure } from './figures.js';
import { fillOrdersPostgres, fillOrdersSqlite, ownersPostgres, ownersSqlite } from './order-desk-data.js';
import { withPostgresDatabase } from './postgres.js';
import { withServer, type ServerProcess } from './processes.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';

/** What a part measures with: the server, the admin's and the buyer's tokens, and how long the fill took. */
export interface OrderYear {
  server: ServerProcess;
  section: string;
  admin: string;
  buyer: string;
  fillMs: number;
}

export interface OrderYearPart {
  /** The figures' section before ' sqlite' / ' postgres', e.g. 'order desk'. */
  title: string;
  /** Names the customers: bench-{label}-0@kestrel.test (the buyer) and bench-{label}-1@kestrel.test. */
  label: string;
  /** The scratch folder's and the scratch PostgreSQL database's names. */
  scratch: string;
  postgresName: string;
  /** Run on the filled database before the server is measured. */
  afterFill?: { sqlite: (file: string) => void; postgres: (url: string) => Promise<void> };
  measure: (year: OrderYear) => Promise<Figure[]>;
}

async function benchDatabase(
  kind: TargetKind,
  part: OrderYearPart,
  section: string,
  url: string,
  dataDir: string,
  fill: (emails: [string, string]) => Promise<void>,
): Promise<Figure[]> {
  const spec = productSpec(kind, { databaseUrl: url, dataDir, seedDemo: false });
  return withServer(spec, async (server) => {
    const [buyer = ''] = await signUpCustomers(server.origin, 2, part.label);
    const admin = await logInAdmin(server.origin);
    const began = performance.now();
    await fill([`bench-${part.label}-0@kestrel.test`, `bench-${part.label}-1@kestrel.test`]);
    return part.measure({ server, section, admin, buyer, fillMs: performance.now() - began });
  });
}

/** The part's figures on SQLite, then PostgreSQL (each guarded: one database failing still reports the other). */
export async function orderYearBench(kind: TargetKind, part: OrderYearPart): Promise<Figure[]> {
  if (kind !== 'product') return [];
  const scratch = await scratchDir(part.scratch);
  try {
    const file = path.join(scratch.dir, 'orders.db');
    const sqlite = await guarded(`${part.title} sqlite`, () =>
      benchDatabase(kind, part, `${part.title} sqlite`, `file:${file}`, scratch.dir, async (emails) => {
        fillOrdersSqlite(file, await ownersSqlite(file, emails));
        part.afterFill?.sqlite(file);
      }),
    );
    const postgres = await guarded(`${part.title} postgres`, () =>
      withPostgresDatabase(part.postgresName, (url) =>
        benchDatabase(kind, part, `${part.title} postgres`, url, scratch.dir, async (emails) => {
          await fillOrdersPostgres(url, await ownersPostgres(url, emails));
          await part.afterFill?.postgres(url);
        }),
      ),
    );
    return [...sqlite, ...postgres];
  } finally {
    await scratch.dispose();
  }
}
