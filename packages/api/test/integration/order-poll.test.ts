// B2B §9's poll on both databases: `GET /api/order?updatedSince=&after=&limit=` answers the orders changed after a
// time, oldest change first, by (updatedAt, _id); a page never ends inside one instant unless the whole page is one
// (then `after` reads on); changes of the last second wait; bad limits and times are 400; without updatedSince the
// call answers as before.
import type { Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow } from '../../src/modules/orders/index.js';
import { databases } from '../helpers/databases.js';
import { call } from '../helpers/test-app.js';
import { createWorld, placeOrder, type World } from '../modules/orders/lifecycle/lifecycle-fixtures.js';

const T = (n: number) => `2026-02-01T10:00:0${n}.000Z`;
/** Ids in a known order, after every id the app makes (those start with the current time). */
const id = (n: number) => `ffffffffffff${String(n).padStart(12, '0')}`;

describe.each(databases)('the orders poll on %s', (kind) => {
  let w: World;
  let template: OrderRow;
  /** The seeded orders: name -> [id, updatedAt]. Two share T1, three T2, one T3, four T5. */
  const seeded: Array<[string, string]> = [
    [id(1), T(1)],
    [id(2), T(1)],
    [id(3), T(2)],
    [id(4), T(2)],
    [id(5), T(2)],
    [id(6), T(3)],
    [id(7), T(5)],
    [id(8), T(5)],
    [id(9), T(5)],
    [id(10), T(5)],
  ];

  const poll = async (query: string) => {
    const res = await call(w.app, 'GET', `/api/order?${query}`, w.admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Order[]>().map((o) => `${o._id} ${o.updatedAt}`);
  };
  const of = (...ns: number[]) => ns.map((n) => `${id(n)} ${seeded[n - 1]?.[1]}`);

  beforeAll(async () => {
    w = await createWorld(kind);
    const placed = await placeOrder(w);
    template = await w.app.db.selectFrom('orders').selectAll().where('id', '=', placed._id).executeTakeFirstOrThrow();
    // The order placed above is moved back to T0, which every poll below starts after.
    await w.app.db
      .updateTable('orders')
      .set({ updated_at: T(0) })
      .where('id', '=', placed._id)
      .execute();
    await w.app.db
      .insertInto('orders')
      .values(
        // Order numbers are unique: the seeded copies get their own, in a year no real order has.
        seeded.map(([oid, at], i) => ({
          ...template,
          id: oid,
          number: `SO-2000-${String(i + 1).padStart(6, '0')}`,
          created_at: T(0),
          updated_at: at,
        })),
      )
      .execute();
  });
  afterAll(() => w.t.close());

  it('pages by (updatedAt, _id), leaving an instant a full page would split for the next page', async () => {
    // Five orders fit in a page of 3 only as T1's two: T2's three would be split, so they wait.
    expect(await poll(`updatedSince=${T(0)}&limit=3`)).toEqual(of(1, 2));
    expect(await poll(`updatedSince=${T(1)}&limit=3`)).toEqual(of(3, 4, 5));
    expect(await poll(`updatedSince=${T(2)}&limit=3`)).toEqual(of(6));
    expect(await poll(`updatedSince=${T(3)}&limit=3`)).toEqual(of(7, 8, 9));
  });

  it('cuts a page that is all one instant at the limit, and `after` reads on from its last order', async () => {
    expect(await poll(`updatedSince=${T(3)}&limit=2`)).toEqual(of(7, 8));
    expect(await poll(`updatedSince=${T(5)}&after=${id(8)}&limit=2`)).toEqual(of(9, 10));
    expect(await poll(`updatedSince=${T(5)}&after=${id(10)}&limit=2`)).toEqual([]);
    expect(await poll(`updatedSince=${T(5)}`)).toEqual([]);
    // `after` counts equal times with a later id; later times all count.
    expect(await poll(`updatedSince=${T(2)}&after=${id(4)}&limit=500`)).toEqual(of(5, 6, 7, 8, 9, 10));
  });

  it('answers 100 by default, takes 500, accepts an offset time, and filters by status', async () => {
    expect(await poll(`updatedSince=${T(0)}`)).toEqual(of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    expect(await poll(`updatedSince=${T(0)}&limit=500`)).toHaveLength(10);
    expect(await poll(`updatedSince=2026-02-01T11:00:02%2B01:00&limit=1`)).toEqual(of(6));
    await w.app.db
      .updateTable('orders')
      .set({ status: 'shipped' })
      .where('id', 'in', [id(3), id(9)])
      .execute();
    expect(await poll(`updatedSince=${T(0)}&status=shipped`)).toEqual(of(3, 9));
  });

  it('waits a second before it answers a change, so a late commit stamped earlier is never passed', async () => {
    const recent = new Date(Date.now() - 200).toISOString();
    await w.app.db.updateTable('orders').set({ updated_at: recent }).where('id', '=', id(6)).execute();
    expect(await poll(`updatedSince=${T(5)}`)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await poll(`updatedSince=${T(5)}`)).toEqual([`${id(6)} ${recent}`]);
    await w.app.db
      .updateTable('orders')
      .set({ updated_at: T(3) })
      .where('id', '=', id(6))
      .execute();
  });

  it('refuses a limit outside 1-500, a bad time and a stray `after` (400)', async () => {
    const cases: Array<[string, string]> = [
      [`updatedSince=${T(0)}&limit=0`, 'limit must be a whole number from 1 to 500'],
      [`updatedSince=${T(0)}&limit=501`, 'limit must be a whole number from 1 to 500'],
      [`updatedSince=${T(0)}&limit=2.5`, 'limit must be a whole number from 1 to 500'],
      [`updatedSince=${T(0)}&limit=ten`, 'limit must be a whole number from 1 to 500'],
      ['updatedSince=yesterday', 'updatedSince must be an ISO 8601 time such as 2026-01-31T09:30:00.000Z'],
      ['updatedSince=2026-13-01T00:00:00Z', 'updatedSince must be an ISO 8601 time such as 2026-01-31T09:30:00.000Z'],
      ['updatedSince=', 'updatedSince must be an ISO 8601 time such as 2026-01-31T09:30:00.000Z'],
      [`after=${id(1)}`, 'after goes with updatedSince (the updatedAt of the order it names)'],
      [`updatedSince=${T(0)}&after=nope`, 'must be a 24-character id'],
    ];
    for (const [query, message] of cases) {
      const res = await call(w.app, 'GET', `/api/order?${query}`, w.admin);
      expect(`${query} ${res.statusCode}`).toBe(`${query} 400`);
      expect(res.json().error.message).toContain(message);
    }
    expect((await call(w.app, 'GET', `/api/order?updatedSince=${T(0)}`, w.alice)).statusCode).toBe(403);
  });

  it('without updatedSince answers every order in creation order, as before', async () => {
    const all = (await call(w.app, 'GET', '/api/order?limit=2', w.admin)).json<Order[]>().map((o) => o._id);
    expect(all).toEqual([template.id, ...seeded.map(([oid]) => oid)]);
  });
});
