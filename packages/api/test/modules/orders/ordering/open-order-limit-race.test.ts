// Issue #24 (hardening), both databases: the open-order limit (B2B §2, MAX_OPEN_ORDERS) holds exactly under
// concurrency. Before the fix PostgreSQL read the buyer's count in each statement's snapshot, so 60 simultaneous orders
// of one buyer left 28 open where the limit is 20.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../../helpers/test-app.js';
import { buildWorld } from '../../../helpers/world.js';

const LIMIT = 20;
const where = { phone: '555-0100', address: '1 Dock Rd' };
const REFUSED = { error: { code: 'too_many_unpaid_orders', message: 'too many unpaid orders' } };

describe.each(databases)('the open-order limit under concurrency on %s', (kind) => {
  let t: TestApp;
  let ann: SignedIn;
  let ben: SignedIn;
  let gpu: string;
  let psu: string;

  beforeAll(async () => {
    ({
      t,
      people: { ann, ben },
      products: { gpu, psu },
    } = await buildWorld(kind, {
      env: { MAX_OPEN_ORDERS: String(LIMIT) },
      people: { ann: ['Ann', 'ann@example.com'], ben: ['Ben', 'ben@example.com'] },
      products: {
        gpu: { name: 'GPU', quantity: 10, availableQuantity: 1_000_000 },
        psu: { name: 'PSU', quantity: 10, availableQuantity: 1_000_000 },
      },
    }));
  });
  afterAll(() => t.close());

  const stock = async () =>
    (await t.app.db.selectFrom('products').select('available_quantity').orderBy('id').execute()).map((p) =>
      Number(p.available_quantity),
    );
  const openOf = async (who: SignedIn) => {
    const user = await t.app.db.selectFrom('users').select('open_orders').where('id', '=', who.id).executeTakeFirst();
    const pending = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', who.id)
      .where('status', '=', 'pending')
      .execute();
    return { counted: Number(user?.open_orders), pending: pending.length };
  };

  it(`60 simultaneous orders of one buyer leave exactly ${LIMIT} open; the rest answer 409; others are unaffected`, async () => {
    const before = await stock();
    // One-line orders (one statement), several-line orders (one decided statement) and a second buyer, all at once.
    const annOrders = Array.from({ length: 60 }, (_, i) =>
      i % 2 === 0
        ? call(t.app, 'POST', '/api/order', ann, { productId: gpu, inputQuantity: 10, ...where })
        : call(t.app, 'POST', '/api/orders', ann, {
            lines: [
              { productId: psu, quantity: 10 },
              { productId: gpu, quantity: 10 },
            ],
            ...where,
          }),
    );
    const benOrders = Array.from({ length: 5 }, () =>
      call(t.app, 'POST', '/api/order', ben, { productId: gpu, inputQuantity: 10, ...where }),
    );
    const answers = await Promise.all([...annOrders, ...benOrders]);
    const annAnswers = answers.slice(0, 60);
    const placed = annAnswers.filter((r) => r.statusCode === 201);
    const refused = annAnswers.filter((r) => r.statusCode !== 201);
    expect(placed).toHaveLength(LIMIT);
    expect(refused.map((r) => [r.statusCode, r.json()])).toEqual(refused.map(() => [409, REFUSED]));
    expect(answers.slice(60).map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await openOf(ann)).toEqual({ counted: LIMIT, pending: LIMIT });
    expect(await openOf(ben)).toEqual({ counted: 5, pending: 5 });

    // Stock moved for exactly the orders placed.
    const lines = placed.map((r) => r.json().order?.lines?.length ?? 1);
    const twoLine = lines.filter((n) => n === 2).length;
    const gpuOrders = placed.length + 5;
    const [first, second] = before;
    const ids = [gpu, psu].sort();
    const taken = { [gpu]: 10 * gpuOrders, [psu]: 10 * twoLine };
    expect(await stock()).toEqual([
      Number(first) - (taken[ids[0] ?? ''] ?? 0),
      Number(second) - (taken[ids[1] ?? ''] ?? 0),
    ]);
  });
});
