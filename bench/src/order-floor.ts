// Runs the order-path floor server and loads it exactly as the product's POST /api/order is loaded.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ORDER_BODY } from './api-client.js';
import type { LoadShape } from './budgets.js';
import { signToken } from './hs256.js';
import { bestOf, runLoad, type LoadResult } from './load.js';
import { benchServerArgs } from './paths.js';
import { withServer } from './processes.js';

const FLOOR_PRODUCT_ID = '000000000000000000000001';

export async function measureOrderFloor(dir: string, shape: LoadShape, customers = 8): Promise<LoadResult> {
  const secret = randomBytes(32).toString('hex');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const tokens = Array.from({ length: customers }, (_, i) => signToken({ sub: `bench-user-${i}`, exp }, secret));
  const env = { FLOOR_SECRET: secret, FLOOR_DB: path.join(dir, 'floor.db'), FLOOR_PRODUCT_ID };
  return withServer(
    { name: 'order floor', args: benchServerArgs('order-floor-server.ts'), env, healthPath: '/__health' },
    (server) =>
      bestOf(shape.rounds, shape.warmupSeconds, (warmupSeconds) =>
        runLoad({
          origin: server.origin,
          path: '/api/order',
          method: 'POST',
          body: ORDER_BODY(FLOOR_PRODUCT_ID),
          headerSets: tokens.map((token) => ({ authorization: `Bearer ${token}` })),
          ...shape,
          warmupSeconds,
          pid: server.pid,
        }),
      ),
  );
}
