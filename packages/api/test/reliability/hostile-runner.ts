// docs/product.md §9 / OWASP API8 and API3: generated hostile requests against a list of calls. Whatever is sent: never a
// 5xx, every refusal is `{ error: { code, message } }` as JSON, a refused request changes no stored row, and nothing
// reaches Object.prototype. The hostile-*.test.ts files split the calls so the two test workers share the load.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../helpers/databases.js';
import { ADMIN, addProduct, createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { placeOrder } from '../modules/payments/payment-fixtures.js';
import type { HostileCall, HostileRequest, Known } from './hostile-calls.js';
import { snapshotTables, type Snapshot } from './table-snapshot.js';

/** A fixed seed so a failure reproduces; change it to explore further. */
const SEED = 20261121;

let nextIp = 1;
/** A new address per request, so the sign-in limit per address never hides what validation would answer. */
const freshIp = () => `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp++ & 255}`;

async function send(app: FastifyInstance, call: HostileCall, req: HostileRequest, who: SignedIn | undefined) {
  const headers: Record<string, string> = { ...who?.auth };
  if (req.body) headers['content-type'] = req.body.contentType;
  return app.inject({
    method: call.method,
    url: req.url,
    headers,
    remoteAddress: freshIp(),
    ...(req.body ? { payload: req.body.payload } : {}),
  });
}

function expectErrorShape(status: number, contentType: string | undefined, body: string) {
  expect(contentType ?? '').toMatch(/^application\/json/);
  const parsed: unknown = JSON.parse(body);
  expect(parsed).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  expect(body).not.toMatch(/at .*\.(js|ts):\d+|node_modules|SQLITE_|syntax error at or near/);
  expect(status).toBeLessThan(500);
}

/** Registers one test per call: `runs` generated requests each, on a fresh database of the given kind. */
export function describeHostileInput(kind: DatabaseKind, calls: HostileCall[], runs: number) {
  describe(`hostile input on ${kind}`, () => {
    let t: TestApp;
    let known: Known;
    const callers: Partial<Record<HostileCall['who'], SignedIn>> = {};
    const summary: string[] = [];

    beforeAll(async () => {
      t = await createTestApp(kind);
      callers.admin = await logIn(t.app, ADMIN.email, ADMIN.password);
      callers.customer = await signUp(t.app, 'Ann', 'ann@example.com');
      const productId = await addProduct(t.app, callers.admin, { availableQuantity: 10_000_000 });
      known = { productId, orderId: await placeOrder(t.app, callers.customer, productId), email: 'ann@example.com' };
    });
    afterAll(async () => {
      console.info(`hostile input on ${kind}:\n${summary.join('\n')}`);
      await t.close();
    });

    it.each(calls.map((c) => [`${c.method} ${c.route}`, c] as const))(
      '%s',
      async (name, call) => {
        const statuses: Record<number, number> = {};
        let baseline: Snapshot = await snapshotTables(t.app.db);
        await fc.assert(
          fc.asyncProperty(call.request(known), async (req) => {
            const res = await send(t.app, call, req, callers[call.who]);
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            expect(res.statusCode).toBeLessThan(500);
            const after = await snapshotTables(t.app.db);
            if (res.statusCode >= 400) {
              expectErrorShape(res.statusCode, String(res.headers['content-type']), res.body);
              expect(after).toEqual(baseline);
            }
            baseline = after;
            expect(Object.keys(Object.prototype)).toEqual([]);
            expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
          }),
          { numRuns: runs, seed: SEED, endOnFailure: true },
        );
        const total = Object.values(statuses).reduce((a, b) => a + b, 0);
        expect(total).toBe(runs);
        summary.push(`  ${name}: ${total} requests, statuses ${JSON.stringify(statuses)}`);
        // A few seconds alone; room for a machine busy with the rest of the suite.
      },
      120_000,
    );
  });
}
