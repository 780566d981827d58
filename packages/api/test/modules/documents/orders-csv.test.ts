// The orders CSV on both databases (B2B §6): one row per line under the exact header, RFC 4180 quoting, formula cells
// defused, the from/to/status filters, admins all orders and others their own, bad parameters 400.
import { ORDERS_CSV_HEADER } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';
import { payOrder, placeOrder } from './document-fixtures.js';

const HEADER = ORDERS_CSV_HEADER.join(',');
/** Order numbers count in the year the order was placed (now), whatever created_at the test gives it later. */
const YEAR = new Date().getUTCFullYear();

describe.each(databases)('orders CSV on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let alice: SignedIn;
  let bob: SignedIn;
  let a: string;
  let b: string;
  let c: string;

  const setCreatedAt = (id: string, at: string) =>
    t.app.db.updateTable('orders').set({ created_at: at }).where('id', '=', id).execute();

  beforeAll(async () => {
    const world = await buildWorld(kind, {
      people: { alice: ['Alice Buyer', 'alice@example.com'], bob: ['Bob Other', 'bob@example.com'] },
      products: {
        memory: { sku: 'KC-MEM-32', name: 'DDR5 32 GB, "server" grade', price: 90 },
        formula: { sku: 'KC-CBL-1', name: '=HYPERLINK("http://x")', price: 0.35 },
        fan: { sku: 'KC-FAN-120', name: 'Fan', price: 6.25 },
      },
    });
    ({
      t,
      admin,
      people: { alice, bob },
    } = world);
    const { memory, formula, fan } = world.products;
    const res = await call(t.app, 'POST', '/api/orders', alice, {
      lines: [
        { productId: memory, quantity: 1000 },
        { productId: formula, quantity: 3000 },
      ],
      phone: '555-0100',
      address: '7 Harbour St',
      poNumber: '@SUM(1+1)',
    });
    expect(res.statusCode).toBe(201);
    a = res.json().insertedId;
    await payOrder(t.app, alice, a);
    b = await placeOrder(t.app, alice, fan);
    c = await placeOrder(t.app, bob, fan, 2000);
    await setCreatedAt(a, '2026-03-01T00:00:00.000Z');
    await setCreatedAt(b, '2026-03-31T23:59:59.999Z');
    await setCreatedAt(c, '2026-04-01T00:00:00.000Z');
  });
  afterAll(() => t.close());

  const csv = (who: SignedIn | undefined, query = '') => call(t.app, 'GET', `/api/orders.csv${query}`, who);
  const rowsOf = (body: string) => body.split('\r\n');

  const rowsOfA = () => [
    `${a},2026-03-01T00:00:00.000Z,confirmed,'@SUM(1+1),alice@example.com,,KC-MEM-32,"DDR5 32 GB, ""server"" grade",1000,90.00,90000.00,91050.00,true,SO-${YEAR}-000001,91050.00,0.00,US`,
    `${a},2026-03-01T00:00:00.000Z,confirmed,'@SUM(1+1),alice@example.com,,KC-CBL-1,"'=HYPERLINK(""http://x"")",3000,0.35,1050.00,91050.00,true,SO-${YEAR}-000001,91050.00,0.00,US`,
  ];
  const rowOfB = () =>
    `${b},2026-03-31T23:59:59.999Z,pending,,alice@example.com,,KC-FAN-120,Fan,1000,6.25,6250.00,6250.00,false,SO-${YEAR}-000002,6250.00,0.00,US`;
  const rowOfC = () =>
    `${c},2026-04-01T00:00:00.000Z,pending,,bob@example.com,,KC-FAN-120,Fan,2000,6.25,12500.00,12500.00,false,SO-${YEAR}-000003,12500.00,0.00,US`;

  it('gives an admin every order, one row per line, quoted and with formulas defused', async () => {
    const res = await csv(admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    expect(rowsOf(res.body)).toEqual([HEADER, ...rowsOfA(), rowOfB(), rowOfC(), '']);
  });

  it('gives a customer only their own orders', async () => {
    expect(rowsOf((await csv(alice)).body)).toEqual([HEADER, ...rowsOfA(), rowOfB(), '']);
    expect(rowsOf((await csv(bob)).body)).toEqual([HEADER, rowOfC(), '']);
  });

  it('filters by whole UTC days, both ends included, and by status', async () => {
    expect(rowsOf((await csv(admin, '?from=2026-03-01&to=2026-03-31')).body)).toEqual([
      HEADER,
      ...rowsOfA(),
      rowOfB(),
      '',
    ]);
    expect(rowsOf((await csv(admin, '?from=2026-03-02')).body)).toEqual([HEADER, rowOfB(), rowOfC(), '']);
    expect(rowsOf((await csv(admin, '?to=2026-03-01')).body)).toEqual([HEADER, ...rowsOfA(), '']);
    expect(rowsOf((await csv(admin, '?from=2026-04-01&to=2026-04-01')).body)).toEqual([HEADER, rowOfC(), '']);
    expect(rowsOf((await csv(admin, '?status=pending')).body)).toEqual([HEADER, rowOfB(), rowOfC(), '']);
    expect(rowsOf((await csv(alice, '?status=pending&from=2026-03-31')).body)).toEqual([HEADER, rowOfB(), '']);
    expect(rowsOf((await csv(admin, '?status=shipped')).body)).toEqual([HEADER, '']);
  });

  it('refuses bad parameters with 400 and visitors with 401', async () => {
    for (const query of [
      '?from=2026-13-01',
      '?from=2026-02-30',
      '?to=03/31/2026',
      '?from=2026-3-1',
      '?status=lost',
      '?from=2026-04-02&to=2026-04-01',
    ]) {
      const res = await csv(admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('validation_error');
    }
    const visitor = await csv(undefined);
    expect(visitor.statusCode).toBe(401);
  });
});
