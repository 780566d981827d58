// API throughput and latency on SQLite and PostgreSQL, each read endpoint next to a raw node:http server that
// replays the product's own bytes, the order path next to its floor (servers/order-floor-server.ts), and the
// multi-line order (issue #15) next to the single-line one.
import path from 'node:path';
import { addBenchProduct, availableQuantityOf, logInAdmin, ORDER_BODY, signUpCustomers } from './api-client.js';
import { budgets, type LoadShape } from './budgets.js';
import { captureAnswer, saveCapture } from './capture.js';
import { atLeast, atMost, guarded, type Figure } from './figures.js';
import { best, describeLoad, runLoad, type LoadResult } from './load.js';
import { checkOneOrder, multiLineScene, type MultiLineScene } from './order-lines.js';
import { hotRowCommitsPerSecond, setDatabaseDefault, withPostgresDatabase } from './postgres.js';
import { startServer, withServer, type ServerProcess } from './processes.js';
import { benchServerArgs } from './paths.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';
import { withOrderFloor, type FloorRun } from './order-floor.js';
import { newCallsBench } from './new-calls.js';

export type DbKind = 'sqlite' | 'postgres';
const CUSTOMERS = 8;
const READ_PATHS = ['/api/service', '/api/review'] as const;

async function readVersusRaw(server: ServerProcess, urlPath: string, dir: string, shape: LoadShape, db: DbKind) {
  const section = `api ${db}`;
  const captureFile = path.join(dir, `capture-${urlPath.replaceAll('/', '_')}.json`);
  // As the load clients ask (no Accept-Encoding): fetch would ask for gzip, which the full product list now sends.
  await saveCapture(
    captureFile,
    await captureAnswer(server.origin + urlPath, { headers: { 'accept-encoding': 'identity' } }),
  );
  // Product and raw runs alternate, so a burst of outside load hits both sides rather than one. The read lines take
  // one round more than the order lines: two rates of 20,000-50,000 req/s each, with the load generator on the same
  // two cores, swing by about a tenth from run to run (bench/results/history.md, 2026-11-28), and the best of three runs
  // a side settles their ratio better than the best of two.
  const rounds = shape.rounds + 1;
  const rawSpec = {
    name: 'raw replay',
    args: benchServerArgs('raw-replay-server.ts', captureFile),
    healthPath: '/__health',
  };
  const { product, raw } = await withServer(rawSpec, async (rawServer) => {
    const productRuns: LoadResult[] = [];
    const rawRuns: LoadResult[] = [];
    for (let round = 0; round < rounds; round += 1) {
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

/**
 * The product's environment for every server this part starts. MAX_OPEN_ORDERS (issue #15) refuses a buyer's 21st
 * unpaid order with 409 by default, and the order runs place thousands of unpaid orders per customer.
 */
const ORDER_SERVER_ENV = { MAX_OPEN_ORDERS: '100000000' };

const MULTI = `POST /api/orders (${budgets.multiLineOrderLines} lines)`;

interface OrderScene {
  tokens: string[];
  /** The single-line order's product (minimum 1). */
  productId: string;
  multi: MultiLineScene;
}

async function orderScene(server: ServerProcess, db: DbKind): Promise<OrderScene> {
  const tokens = await signUpCustomers(server.origin, CUSTOMERS, db);
  const admin = await logInAdmin(server.origin);
  const productId = await addBenchProduct(server.origin, admin);
  const multi = await multiLineScene(server.origin, admin, budgets.multiLineOrderProducts, budgets.multiLineOrderLines);
  return { tokens, productId, multi };
}

/** Load runs of one order call, rotating over the customers' tokens (and bodies), counting the measured 201s. */
function orderLoad(server: ServerProcess, tokens: string[], shape: LoadShape, path: string, bodies: string[]) {
  let counted = 0;
  const run = async (warmupSeconds: number) => {
    const result = await runLoad({
      origin: server.origin,
      path,
      method: 'POST',
      body: bodies[0] ?? '',
      headerSets: tokens.map((token) => ({ authorization: `Bearer ${token}` })),
      ...(bodies.length > 1 ? { bodies } : {}),
      ...shape,
      warmupSeconds,
      pid: server.pid,
    });
    counted += result.statusCodes['201'] ?? 0;
    return result;
  };
  return { run, counted: () => counted };
}

/** Answers other than 201, plus requests that got no answer. */
const non201 = (r: LoadResult) =>
  Object.entries(r.statusCodes).reduce((n, [code, count]) => (code === '201' ? n : n + count), r.errors);

/** Units left of each product, in the scene's order. */
const stocksOf = (origin: string, scene: MultiLineScene) =>
  Promise.all(scene.products.map((p) => availableQuantityOf(origin, p.id)));

/**
 * The floor to compare with: runs of it alternated with the product's (SQLite, the budgeted ratio), a result measured
 * there (PostgreSQL's ratio, shown for scale), or none.
 */
type Floor = FloorRun | LoadResult | null;

/**
 * The single-line order (`POST /api/order`, one product, SPEC's call) and the multi-line order (`POST /api/orders`,
 * 5 lines over 8 shared products) on one server, in alternating runs (and the floor's, when given) so a burst of
 * outside load hits all alike; the ratio of their orders/s is budgeted. After the runs the bench reads the stock back:
 * fewer units (lines) taken than 201s counted turns the figures into an error.
 */
async function orders(server: ServerProcess, scene: OrderScene, shape: LoadShape, db: DbKind, floor: Floor) {
  const section = `api ${db}`;
  const { origin } = server;
  // One multi-line order first: 201 with the lines, quantities and prices this scene expects, or no run at all.
  await checkOneOrder(origin, scene.tokens[0] ?? '', scene.multi);
  const before = await availableQuantityOf(origin, scene.productId);
  const beforeLines = await stocksOf(origin, scene.multi);
  const single = orderLoad(server, scene.tokens, shape, '/api/order', [ORDER_BODY(scene.productId)]);
  const multi = orderLoad(server, scene.tokens, shape, '/api/orders', scene.multi.bodies);
  const floorRuns: LoadResult[] = [];
  const singleRuns: LoadResult[] = [];
  const multiRuns: LoadResult[] = [];
  for (let round = 0; round < shape.rounds; round += 1) {
    const warmupSeconds = round === 0 ? shape.warmupSeconds : 0;
    if (typeof floor === 'function') floorRuns.push(await floor(warmupSeconds));
    singleRuns.push(await single.run(warmupSeconds));
    multiRuns.push(await multi.run(warmupSeconds));
  }
  const result = best(singleRuns);
  const multiResult = best(multiRuns);
  const floorResult = typeof floor === 'function' ? best(floorRuns) : floor;

  // Every 2xx must have taken one unit of stock; warm-up orders and those still in flight when a run stopped add to
  // `taken`, never to `counted`.
  const taken = before - (await availableQuantityOf(origin, scene.productId));
  const counted = single.counted();
  if (taken < counted) throw new Error(`only ${taken} units of stock taken for ${counted} orders answered 201`);
  const stockNote = `stock taken ${taken}, ${counted} orders counted outside warm-up`;

  // Each product is always ordered in the same quantity, so its stock says how many lines took it; the lines of all
  // products are 5 per order placed (an order is all or none).
  await new Promise((r) => setTimeout(r, 500)); // let orders in flight when the last run stopped finish
  const afterLines = await stocksOf(origin, scene.multi);
  let lines = 0;
  for (const [i, p] of scene.multi.products.entries()) {
    const units = (beforeLines[i] ?? 0) - (afterLines[i] ?? 0);
    if (units % p.quantity !== 0) throw new Error(`product ${p.id}: ${units} units taken, not lines of ${p.quantity}`);
    lines += units / p.quantity;
  }
  const multiCounted = multi.counted();
  const perOrder = budgets.multiLineOrderLines;
  if (lines < perOrder * multiCounted) {
    throw new Error(`only ${lines} lines of stock taken for ${multiCounted} ${perOrder}-line orders answered 201`);
  }
  // All or none: the lines taken are a whole number of orders (unless an order was still in flight at the reads).
  const placed = lines / perOrder;
  const placedNote = Number.isInteger(placed) ? `${placed} orders` : `${placed.toFixed(1)} orders (not whole!)`;
  const multiNote =
    `${describeLoad(multiResult)}; non-201 ${non201(multiResult)}; ${budgets.multiLineOrderProducts} products, ` +
    `${scene.multi.bodies.length} line sets; stock taken ${lines} lines = ${placedNote}, ${multiCounted} counted ` +
    'outside warm-up';

  const figures: Figure[] = [];
  if (typeof floor === 'function' && floorResult) {
    figures.push({
      section: 'api floor',
      name: 'floor POST /api/order req/s',
      value: floorResult.rps,
      unit: 'req/s',
      note: `${describeLoad(floorResult)}; rounds alternated with the SQLite orders'`,
    });
  }
  figures.push(
    {
      section,
      name: 'POST /api/order orders/s',
      value: result.rps,
      unit: 'req/s',
      budget: atLeast(db === 'sqlite' ? budgets.ordersPerSecondSqlite : budgets.ordersPerSecondPostgres),
      note: `${describeLoad(result)}; non-201 ${non201(result)}; ${CUSTOMERS} customers, ${shape.connections} connections; ${stockNote}`,
    },
    { section, name: 'POST /api/order p50', value: result.p50Ms, unit: 'ms' },
    { section, name: 'POST /api/order p99', value: result.p99Ms, unit: 'ms', budget: atMost(budgets.orderP99Ms) },
  );
  if (floorResult) {
    figures.push({
      section,
      name: 'POST /api/order / floor',
      value: floorResult.rps > 0 ? result.rps / floorResult.rps : null,
      unit: 'ratio',
      // The floor is SQLite, so only the SQLite run is held to the ratio; PostgreSQL's is shown for scale.
      ...(db === 'sqlite' ? { budget: atLeast(budgets.orderRatioToFloor) } : {}),
    });
  }
  figures.push(
    { section, name: `${MULTI} orders/s`, value: multiResult.rps, unit: 'req/s', note: multiNote },
    { section, name: `${MULTI} p50`, value: multiResult.p50Ms, unit: 'ms' },
    { section, name: `${MULTI} p99`, value: multiResult.p99Ms, unit: 'ms' },
    {
      section,
      name: `${MULTI} / POST /api/order`,
      value: result.rps > 0 ? multiResult.rps / result.rps : null,
      unit: 'ratio',
      budget: atLeast(budgets.multiLineOrderRatio),
      note: 'orders/s of each, best of the alternating runs',
    },
  );
  return { figures, result, multiResult };
}

async function benchOneDatabase(
  kind: TargetKind,
  db: DbKind,
  databaseUrl: string,
  dir: string,
  shape: LoadShape,
  floor: Floor,
) {
  const section = `api ${db}`;
  const server = await startServer(productSpec(kind, { databaseUrl, dataDir: dir, env: ORDER_SERVER_ENV }));
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
    const scene = await orderScene(server, db);
    figures.push(
      ...(await guarded(section, async () => {
        const order = await orders(server, scene, shape, db, floor);
        for (const r of [order.result, order.multiResult]) if (r.peakRssMiB !== null) peaks.push(r.peakRssMiB);
        return order.figures;
      })),
      ...(await guarded(section, async () => {
        const calls = await newCallsBench(server, shape, section, scene.tokens, scene.multi);
        for (const r of calls.results) if (r.peakRssMiB !== null) peaks.push(r.peakRssMiB);
        return calls.figures;
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
 * Informational: the same order runs with synchronous_commit=off. Every order updates one product row (a 5-line
 * order five of eight), and PostgreSQL holds those row locks until the commit's WAL flush, so with durable commits
 * the disk's flush latency caps orders per second on shared products whatever the server does; this run shows what
 * is left when it does not.
 */
async function asyncCommitOrders(kind: TargetKind, dir: string, shape: LoadShape): Promise<Figure[]> {
  return withPostgresDatabase('async', async (url) => {
    await setDatabaseDefault(url, 'synchronous_commit', 'off');
    const spec = productSpec(kind, { databaseUrl: url, dataDir: dir, env: ORDER_SERVER_ENV });
    return withServer(spec, async (server) => {
      const scene = await orderScene(server, 'postgres');
      const { result, multiResult } = await orders(server, scene, { ...shape, rounds: 1 }, 'postgres', null);
      return [
        {
          section: 'api postgres',
          name: 'POST /api/order orders/s, synchronous_commit=off',
          value: result.rps,
          unit: 'req/s',
          note: `comparison only; ${describeLoad(result)}`,
        },
        {
          section: 'api postgres',
          name: `${MULTI} orders/s, synchronous_commit=off`,
          value: multiResult.rps,
          unit: 'req/s',
          note: `comparison only; ${describeLoad(multiResult)}`,
        },
      ];
    });
  });
}

export async function apiBench(kind: TargetKind, shape: LoadShape): Promise<Figure[]> {
  const scratch = await scratchDir('api');
  try {
    // The floor's runs alternate with the SQLite orders' (orders()); PostgreSQL's ratio, for scale, uses their best.
    const floorRuns: LoadResult[] = [];
    const figures = await guarded('api sqlite', () =>
      withOrderFloor(scratch.dir, shape, (runFloor) =>
        benchOneDatabase(
          kind,
          'sqlite',
          `file:${path.join(scratch.dir, 'bench.db')}`,
          scratch.dir,
          shape,
          async (w) => {
            const run = await runFloor(w);
            floorRuns.push(run);
            return run;
          },
        ),
      ),
    );
    const floor = floorRuns.length > 0 ? best(floorRuns) : null;
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
