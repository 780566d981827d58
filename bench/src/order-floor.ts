// Runs the order-path floor server and loads it exactly as the product's POST /api/order is loaded. The server stays
// up while its caller alternates floor runs with the product's, so a burst of outside load on this shared host hits
// both alike (a floor measured minutes before the product read 9,700-12,700/s on one host within the hour).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ORDER_BODY } from './api-client.js';
import type { LoadShape } from './budgets.js';
import { signToken } from './hs256.js';
import { runLoad, type LoadResult } from './load.js';
import { benchServerArgs } from './paths.js';
import { withServer } from './processes.js';

const FLOOR_PRODUCT_ID = '000000000000000000000001';

/** One measured run of the floor (after `warmupSeconds` of warm-up). */
export type FloorRun = (warmupSeconds: number) => Promise<LoadResult>;

export async function withOrderFloor<T>(
  dir: string,
  shape: LoadShape,
  use: (run: FloorRun) => Promise<T>,
  customers = 8,
): Promise<T> {
  const secret = randomBytes(32).toString('hex');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const tokens = Array.from({ length: customers }, (_, i) => signToken({ sub: `bench-user-${i}`, exp }, secret));
  const env = { FLOOR_SECRET: secret, FLOOR_DB: path.join(dir, 'floor.db'), FLOOR_PRODUCT_ID };
  return withServer(
    { name: 'order floor', args: benchServerArgs('order-floor-server.ts'), env, healthPath: '/__health' },
    (server) =>
      use((warmupSeconds) =>
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
