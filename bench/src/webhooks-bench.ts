// The order path with webhooks (issue #28): SPEC's POST /api/order on SQLite with three endpoints subscribed to every
// event, their receivers answering 200 on loopback, beside the same server's runs with those endpoints disabled (no
// event written) and the bare floor. Runs alternate floor, without and with, so outside load hits all alike. The event is
// one more multi-row insert in the order's transaction, and its delivery runs in the same process.
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { addBenchProduct, logInAdmin, ORDER_BODY, read, readAnswer, signUpCustomers } from './api-client.js';
import { budgets, type LoadShape } from './budgets.js';
import { atLeast, type Figure } from './figures.js';
import { best, describeLoad, runLoad, type LoadResult } from './load.js';
import { withOrderFloor, type FloorRun } from './order-floor.js';
import { withServer, type ServerProcess } from './processes.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';

const SECTION = 'api sqlite webhooks';
const ENDPOINTS = 3;
const CUSTOMERS = 8;

/** A receiver that answers 200 to everything and counts what it got. */
async function receiver(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      count += 1;
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the receiver is not listening');
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    count: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function adminCall(origin: string, token: string, method: string, urlPath: string, body: unknown) {
  const res = await fetch(origin + urlPath, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await readAnswer(res, `${method} ${urlPath}`);
  if (!res.ok) throw new Error(`${method} ${urlPath} answered ${res.status}`);
  return answer;
}

async function ordersWithAndWithout(server: ServerProcess, shape: LoadShape, runFloor: FloorRun) {
  const { origin } = server;
  const admin = await logInAdmin(origin);
  const tokens = await signUpCustomers(origin, CUSTOMERS, 'webhooks');
  const productId = await addBenchProduct(origin, admin);
  const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, receiver));
  try {
    const ids: string[] = [];
    for (const r of receivers) {
      const id = read(
        await adminCall(origin, admin, 'POST', '/api/admin/webhooks', { url: r.url, events: ['*'] }),
        '_id',
      );
      if (typeof id !== 'string') throw new Error('no webhook id');
      ids.push(id);
    }
    const setEnabled = (enabled: boolean) =>
      Promise.all(ids.map((id) => adminCall(origin, admin, 'PATCH', `/api/admin/webhooks/${id}`, { enabled })));
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
    const floorRuns: LoadResult[] = [];
    const withRuns: LoadResult[] = [];
    const withoutRuns: LoadResult[] = [];
    for (let round = 0; round < shape.rounds; round += 1) {
      const warmupSeconds = round === 0 ? shape.warmupSeconds : 0;
      floorRuns.push(await runFloor(warmupSeconds));
      await setEnabled(false);
      withoutRuns.push(await load(warmupSeconds));
      await setEnabled(true);
      withRuns.push(await load(warmupSeconds));
    }
    // Let delivery catch up, then say how much of it did.
    await new Promise((r) => setTimeout(r, 3_000));
    const delivered = receivers.reduce((sum, r) => sum + r.count(), 0);
    return { floor: best(floorRuns), with: best(withRuns), without: best(withoutRuns), delivered };
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
  }
}

export async function webhooksBench(kind: TargetKind, shape: LoadShape): Promise<Figure[]> {
  const scratch = await scratchDir('webhooks');
  try {
    const spec = productSpec(kind, {
      databaseUrl: `file:${path.join(scratch.dir, 'bench.db')}`,
      dataDir: scratch.dir,
      env: { MAX_OPEN_ORDERS: '100000000', WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
    const runs = await withOrderFloor(scratch.dir, shape, (runFloor) =>
      withServer(spec, (server) => ordersWithAndWithout(server, shape, runFloor)),
    );
    const { floor } = runs;
    const ratio = (r: LoadResult) => (floor.rps > 0 ? r.rps / floor.rps : null);
    return [
      {
        section: SECTION,
        name: 'floor POST /api/order req/s',
        value: floor.rps,
        unit: 'req/s',
        note: `${describeLoad(floor)}; rounds alternated with the product's, without and with endpoints`,
      },
      {
        section: SECTION,
        name: 'POST /api/order orders/s, no endpoint',
        value: runs.without.rps,
        unit: 'req/s',
        note: describeLoad(runs.without),
      },
      {
        section: SECTION,
        name: `POST /api/order orders/s, ${ENDPOINTS} endpoints (every event)`,
        value: runs.with.rps,
        unit: 'req/s',
        note: `${describeLoad(runs.with)}; ${runs.delivered} deliveries received by the end`,
      },
      { section: SECTION, name: 'POST /api/order, no endpoint / floor', value: ratio(runs.without), unit: 'ratio' },
      {
        section: SECTION,
        name: `POST /api/order, ${ENDPOINTS} endpoints / floor`,
        value: ratio(runs.with),
        unit: 'ratio',
        budget: atLeast(budgets.webhookOrderRatioToFloor),
      },
    ];
  } finally {
    await scratch.dispose();
  }
}
