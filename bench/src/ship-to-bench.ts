// The order path with a ship-to (B2B §12, issue #49): SPEC's POST /api/order on SQLite with a one-off `shipTo`
// address beside the same body without one, rounds alternated in one run so outside load hits both alike. With a
// ship-to the order checks the address (the country and subdivision lists), copies it onto the order and takes the
// orders' plain transaction write rather than the hot one-statement write; without one nothing is read or written
// more than before. The ratio is the figure the issue asks for: "within noise".
import path from 'node:path';
import { addBenchProduct, logInAdmin, ORDER_BODY, signUpCustomers } from './api-client.js';
import { budgets, type LoadShape } from './budgets.js';
import { atLeast, type Figure } from './figures.js';
import { best, describeLoad, runLoad, type LoadResult } from './load.js';
import { withServer, type ServerProcess } from './processes.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';

const SECTION = 'api sqlite ship-to';
const CUSTOMERS = 8;
const BOSTON = {
  name: 'Goods in',
  line1: '1 Main St',
  city: 'Boston',
  postalCode: '02110',
  region: 'MA',
  country: 'US',
};

/** The bench's SPEC order body with a one-off ship-to address (its `address` text is then replaced by the copy). */
export const SHIP_TO_ORDER_BODY = (productId: string) =>
  JSON.stringify({ ...JSON.parse(ORDER_BODY(productId)), shipTo: { address: BOSTON } });

async function withAndWithout(server: ServerProcess, shape: LoadShape) {
  const { origin } = server;
  const admin = await logInAdmin(origin);
  const tokens = await signUpCustomers(origin, CUSTOMERS, 'shipto');
  const productId = await addBenchProduct(origin, admin);
  const load = (body: string, warmupSeconds: number) =>
    runLoad({
      origin,
      path: '/api/order',
      method: 'POST',
      body,
      headerSets: tokens.map((token) => ({ authorization: `Bearer ${token}` })),
      ...shape,
      warmupSeconds,
      pid: server.pid,
    });
  const withoutRuns: LoadResult[] = [];
  const withRuns: LoadResult[] = [];
  for (let round = 0; round < shape.rounds; round += 1) {
    const warmupSeconds = round === 0 ? shape.warmupSeconds : 0;
    // The order within a round swaps each round, so neither always runs on the warmer (or fuller) database.
    const pair = [
      async () => withoutRuns.push(await load(ORDER_BODY(productId), warmupSeconds)),
      async () => withRuns.push(await load(SHIP_TO_ORDER_BODY(productId), warmupSeconds)),
    ];
    for (const run of round % 2 === 0 ? pair : [...pair].reverse()) await run();
  }
  return { without: best(withoutRuns), with: best(withRuns), rounds: shape.rounds };
}

export async function shipToBench(kind: TargetKind, shape: LoadShape): Promise<Figure[]> {
  const scratch = await scratchDir('ship-to');
  try {
    const spec = productSpec(kind, {
      databaseUrl: `file:${path.join(scratch.dir, 'bench.db')}`,
      dataDir: scratch.dir,
      env: { MAX_OPEN_ORDERS: '100000000' },
    });
    const runs = await withServer(spec, (server) => withAndWithout(server, shape));
    return [
      {
        section: SECTION,
        name: 'POST /api/order orders/s, no shipTo',
        value: runs.without.rps,
        unit: 'req/s',
        note: `${describeLoad(runs.without)}; best of ${runs.rounds} rounds alternated with the shipTo runs`,
      },
      {
        section: SECTION,
        name: 'POST /api/order orders/s, one-off shipTo address',
        value: runs.with.rps,
        unit: 'req/s',
        note: describeLoad(runs.with),
      },
      {
        section: SECTION,
        name: 'POST /api/order, shipTo / no shipTo',
        value: runs.without.rps > 0 ? runs.with.rps / runs.without.rps : null,
        unit: 'ratio',
        budget: atLeast(budgets.shipToOrderRatio),
      },
    ];
  } finally {
    await scratch.dispose();
  }
}
