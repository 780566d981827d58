// API throughput and latency on SQLite and PostgreSQL, each read endpoint next to a raw node:http server that
// replays the product's own bytes, and the order path next to its floor (servers/order-floor-server.ts).
import path from 'node:path';
import { addBenchProduct, availableQuantityOf, logInAdmin, ORDER_BODY, signUpCustomers } from './api-client.js';
import { budgets, type LoadShape } from './budgets.js';
import { captureAnswer, saveCapture } from './capture.js';
import { atLeast, atMost, guarded, type Figure } from './figures.js';
import { best, bestOf, describeLoad, runLoad, type LoadResult } from './load.js';
import { hotRowCommitsPerSecond, setDatabaseDefault, withPostgresDatabase } from './postgres.js';
import { startServer, withServer, type ServerProcess } from './processes.js';
import { benchServerArgs } from './paths.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';
import { measureOrderFloor } from './order-floor.js';

export type DbKind = 'sqlite' | 'postgres';
const CUSTOMERS = 8;
const READ_PATHS = ['/api/service', '/api/review'] as const;

async function readVersusRaw(server: ServerProcess, urlPath: string, dir: string, shape: LoadShape, db: DbKind) {
  const section = `api ${db}`;
  const captureFile = path.join(dir, `capture-${urlPath.replaceAll('/', '_')}.json`);
  await saveCapture(captureFile, await captureAnswer(server.origin + urlPath));
  // Product and raw runs alternate, so a burst of outside load hits both sides rather than one.
  const rawSpec = {
    name: 'raw replay',
    args: benchServerArgs('raw-replay-server.ts', captureFile),
    healthPath: '/__health',
  };
  const { product, raw } = await withServer(rawSpec, async (rawServer) => {
    const productRuns: LoadResult[] = [];
    const rawRuns: LoadResult[] = [];
    for (let round = 0; round < shape.rounds; round += 1) {
      const warmupSeconds = round === 0 ? shape.warmupSeconds : 0;
      productRuns.push(
        await runLoad({ origin: server.origin, path: urlPath, ...shape, warmupSeconds, pid: server.pid }),
      );
      rawRuns.push(await runLoad({ origin: rawServer.origin, path: urlPath, ...shape, warmupSeconds }));
    }
    return { product: best(productRuns), raw: best(rawRuns) };
  });
  const figures: Figure[] = [
    { section, name: `GET ${urlPath} req/s`, value: product.rps, unit: 'req/s', note: describeLoad(product) },
    { section, name: `GET ${urlPath} raw node req/s`, value: raw.rps, unit: 'req/s', note: describeLoad(raw) },
    {
      section,
      name: `GET ${urlPath} / raw node`,
      value: raw.rps > 0 ? product.rps / raw.rps : null,
      unit: 'ratio',
      budget: atLeast(budgets.readRatioToRaw),
    },
  ];
  return { figures, product };
}

async function orders(server: ServerProcess, shape: LoadShape, db: DbKind, floor: LoadResult | null) {
  const section = `api ${db}`;
  const tokens = await signUpCustomers(server.origin, CUSTOMERS, db);
  const productId = await addBenchProduct(server.origin, await logInAdmin(server.origin));
  const before = await availableQuantityOf(server.origin, productId);
  let next = 0;
  let counted = 0;
  const result = await bestOf(shape.rounds, shape.warmupSeconds, async (warmupSeconds) => {
    const run = await runLoad({
      origin: server.origin,
      path: '/api/order',
      method: 'POST',
      body: ORDER_BODY(productId),
      headersPerRequest: () => ({ authorization: `Bearer ${tokens[(next += 1) % tokens.length] ?? ''}` }),
      ...shape,
      warmupSeconds,
      pid: server.pid,
    });
    counted += run.statusCodes['201'] ?? 0;
    return run;
  });
  // Every 2xx must have taken one unit of stock; a few orders still in flight when the run stopped may add to it.
  const taken = before - (await availableQuantityOf(server.origin, productId));
  // Warm-up orders and those still in flight at the end add to `taken`, never to `counted`.
  if (taken < counted) throw new Error(`only ${taken} units of stock taken for ${counted} orders answered 201`);
  const stockNote = `stock taken ${taken}, ${counted} orders counted outside warm-up`;
  const figures: Figure[] = [
    {
      section,
      name: 'POST /api/order orders/s',
      value: result.rps,
      unit: 'req/s',
      budget: atLeast(db === 'sqlite' ? budgets.ordersPerSecondSqlite : budgets.ordersPerSecondPostgres),
      note: `${describeLoad(result)}; ${CUSTOMERS} customers, ${shape.connections} connections; ${stockNote}`,
    },
    { section, name: 'POST /api/order p50', value: result.p50Ms, unit: 'ms' },
    { section, name: 'POST /api/order p99', value: result.p99Ms, unit: 'ms', budget: atMost(budgets.orderP99Ms) },
  ];
  if (floor) {
    figures.push({
      section,
      name: 'POST /api/order / floor',
      value: floor.rps > 0 ? result.rps / floor.rps : null,
      unit: 'ratio',
      // The floor is SQLite, so only the SQLite run is held to the ratio; PostgreSQL's is shown for scale.
      ...(db === 'sqlite' ? { budget: atLeast(budgets.orderRatioToFloor) } : {}),
    });
  }
  return { figures, result };
}

async function benchOneDatabase(
  kind: TargetKind,
  db: DbKind,
  databaseUrl: string,
  dir: string,
  shape: LoadShape,
  floor: LoadResult | null,
) {
  const section = `api ${db}`;
  const server = await startServer(productSpec(kind, { databaseUrl, dataDir: dir }));
  try {
    await new Promise((r) => setTimeout(r, 1000));
    // The first start on an empty database seeds the demo catalogue through the image pipeline (sharp), which keeps
    // some memory; the budgeted idle figure is a restart's, in the startup section.
    const figures: Figure[] = [
      { section, name: 'RSS idle after first start (seeded)', value: await server.rssMiB(), unit: 'MiB' },
    ];
    const peaks: number[] = [];
    // Each scenario is guarded on its own, so one failing call still leaves the other figures in the table.
    for (const urlPath of READ_PATHS) {
      figures.push(
        ...(await guarded(section, async () => {
          const read = await readVersusRaw(server, urlPath, dir, shape, db);
          if (read.product.peakRssMiB !== null) peaks.push(read.product.peakRssMiB);
          return read.figures;
        })),
      );
    }
    figures.push(
      ...(await guarded(section, async () => {
        const order = await orders(server, shape, db, floor);
        if (order.result.peakRssMiB !== null) peaks.push(order.result.peakRssMiB);
        return order.figures;
      })),
    );
    figures.push({
      section,
      name: 'RSS peak under load',
      value: peaks.length ? Math.max(...peaks) : null,
      unit: 'MiB',
      budget: atMost(budgets.loadRssMiB),
    });
    return figures;
  } finally {
    await server.stop();
  }
}

/**
 * Informational: the same order run with synchronous_commit=off. Every order updates one product row, and
 * PostgreSQL holds that row lock until the commit's WAL flush, so with durable commits the disk's flush latency caps
 * orders per second on one product whatever the server does; this run shows what is left when it does not.
 */
async function asyncCommitOrders(kind: TargetKind, dir: string, shape: LoadShape): Promise<Figure[]> {
  return withPostgresDatabase('async', async (url) => {
    await setDatabaseDefault(url, 'synchronous_commit', 'off');
    return withServer(productSpec(kind, { databaseUrl: url, dataDir: dir }), async (server) => {
      const { result } = await orders(server, { ...shape, rounds: 1 }, 'postgres', null);
      return [
        {
          section: 'api postgres',
          name: 'POST /api/order orders/s, synchronous_commit=off',
          value: result.rps,
          unit: 'req/s',
          note: `comparison only; ${describeLoad(result)}`,
        },
      ];
    });
  });
}

export async function apiBench(kind: TargetKind, shape: LoadShape): Promise<Figure[]> {
  const scratch = await scratchDir('api');
  try {
    let floor: LoadResult | null = null;
    const figures = await guarded('api floor', async () => {
      floor = await measureOrderFloor(scratch.dir, shape);
      return [
        {
          section: 'api floor',
          name: 'floor POST /api/order req/s',
          value: floor.rps,
          unit: 'req/s',
          note: describeLoad(floor),
        },
      ];
    });
    figures.push(
      ...(await guarded('api sqlite', () =>
        benchOneDatabase(kind, 'sqlite', `file:${path.join(scratch.dir, 'bench.db')}`, scratch.dir, shape, floor),
      )),
    );
    figures.push(
      ...(await guarded('api postgres', () =>
        withPostgresDatabase('api', async (url) => [
          ...(await benchOneDatabase(kind, 'postgres', url, scratch.dir, shape, floor)),
          {
            section: 'api postgres',
            name: 'hot-row durable commits/s (1 connection)',
            value: await hotRowCommitsPerSecond(url),
            unit: 'req/s',
            note: 'ceiling for orders of one product with synchronous_commit=on',
          },
        ]),
      )),
    );
    figures.push(...(await guarded('api postgres', () => asyncCommitOrders(kind, scratch.dir, shape))));
    return figures;
  } finally {
    await scratch.dispose();
  }
}
