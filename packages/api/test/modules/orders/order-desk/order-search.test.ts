// GET /api/orders/search at 100,000 orders on both databases (B2B §11), seeded in bulk with multi-row inserts: exact
// pages and totals for each sort and filter and each kind of `q`, who sees what, and bad parameters.
import type { Order } from '@kestrel/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../../src/infra/db/schema.js';
import { databases } from '../../../helpers/databases.js';
import { ADMIN, call, createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../../../helpers/test-app.js';

const COUNT = 100_000;
const STATUSES: OrderStatus[] = ['pending', 'confirmed', 'shipped', 'delivered'];
const START = Date.parse('2025-01-01T00:00:00.000Z');
const RARE = 12_345;
/** Bob's orders are his company's; the other companies have none, and one shares the start of its name. */
const BOB_COMPANY = { id: 'c'.padEnd(24, '0'), name: 'Stonemill Supplies' };
const OTHER_COMPANIES = 3_000;

interface Seeded {
  id: string;
  number: string;
  user: 'alice' | 'bob' | 'carol';
  createdAt: string;
  status: OrderStatus;
  po: string | null;
  totalCents: number;
}

/** The i-th seeded order: ids in creation order, five minutes apart through 2025. */
function seeded(i: number): Seeded {
  return {
    id: i.toString(16).padStart(24, '0'),
    number: `SO-2025-${String(i + 1).padStart(6, '0')}`,
    user: i % 10 === 0 ? 'alice' : i % 10 === 1 ? 'bob' : 'carol',
    createdAt: new Date(START + i * 300_000).toISOString(),
    status: STATUSES[i % 4] ?? 'pending',
    po: i % 7 === 0 ? `PO-${i}` : null,
    totalCents: ((i * 7919) % 1_000_000) + 100,
  };
}
function line(o: Seeded, sku: string) {
  const cents = o.totalCents;
  return {
    order_id: o.id,
    line_no: 0,
    product_id: null,
    sku,
    name: 'Part',
    quantity: 1,
    unit_price_cents: cents,
    line_total_cents: cents,
  };
}
const ALL = Array.from({ length: COUNT }, (_, i) => seeded(i));
const newestFirst = [...ALL].reverse();

describe.each(databases)('order search at 100,000 orders on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  const users = {} as Record<Seeded['user'], SignedIn>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    users.alice = await signUp(t.app, 'Alice Buyer', 'alice@example.com');
    users.bob = await signUp(t.app, 'Bob Stone', 'bob@example.com');
    users.carol = await signUp(t.app, 'Carol King', 'carol@example.com');
    const at = new Date(START).toISOString();
    const company = (id: string, name: string) => ({
      id,
      name,
      tax_id: null,
      billing_address: 'a',
      created_at: at,
      updated_at: at,
    });
    const others = Array.from({ length: OTHER_COMPANIES }, (_, i) =>
      company(`d${String(i).padStart(23, '0')}`, i === 0 ? 'Stone Age Tools' : `Firm ${String(i).padStart(5, '0')}`),
    );
    for (let start = 0; start < others.length; start += 500) {
      await t.app.db
        .insertInto('companies')
        .values(others.slice(start, start + 500))
        .execute();
    }
    await t.app.db.insertInto('companies').values(company(BOB_COMPANY.id, BOB_COMPANY.name)).execute();
    for (let start = 0; start < COUNT; start += 1_000) {
      const part = ALL.slice(start, start + 1_000);
      await t.app.db
        .insertInto('orders')
        .values(
          part.map((o) => {
            const who = users[o.user];
            return {
              id: o.id,
              number: o.number,
              product_id: null,
              user_id: who.id,
              item_name: 'Part',
              quantity: 1,
              unit_price_cents: o.totalCents,
              total_cents: o.totalCents,
              email: who.email,
              user_name: who.name,
              phone: '1',
              address: 'a',
              paid_at: null,
              transaction_id: null,
              created_at: o.createdAt,
              po_number: o.po,
              note: null,
              status: o.status,
              status_history: '[]',
              payment_terms: 'card' as const,
              due_date: null,
              expires_at: null,
              carrier: null,
              tracking_number: null,
              invoice_number: null,
              company_id: o.user === 'bob' ? BOB_COMPANY.id : null,
              refunded_at: null,
              cancel_reason: null,
              paid_reference: null,
              credit_note_number: null,
              credit_note_at: null,
              updated_at: o.createdAt,
            };
          }),
        )
        .execute();
      const lines = part.map((o, n) => line(o, `KC-P-${(start + n) % 50}`));
      const rare = start <= RARE && RARE < start + 1_000 ? ALL[RARE] : undefined;
      if (rare) {
        lines.push({ ...line(rare, 'KC-RARE-1'), line_no: 1 });
      }
      await t.app.db.insertInto('order_lines').values(lines).execute();
    }
    // What autovacuum does after a bulk load on a real server: the planner gets the table's statistics.
    if (kind === 'postgres') await sql`ANALYZE`.execute(t.app.db);
  }, 300_000);
  afterAll(() => t.close());

  const search = async (who: SignedIn | undefined, query: string) => {
    const started = performance.now();
    const res = await call(t.app, 'GET', `/api/orders/search${query}`, who);
    if (process.env['TIME_SEARCH']) console.log(kind, query, Math.round(performance.now() - started), 'ms');
    return res;
  };
  /** The page's ids and its envelope. */
  async function page(who: SignedIn, query: string) {
    const res = await search(who, query);
    expect(res.statusCode, res.body).toBe(200);
    const body: { items: Order[]; total: number; page: number; pageSize: number } = res.json();
    return { ids: body.items.map((o) => o._id), total: body.total, page: body.page, pageSize: body.pageSize };
  }
  const idsOf = (orders: Seeded[]) => orders.map((o) => o.id);

  it('pages every order newest first by default, and the other sorts', async () => {
    expect(await page(admin, '')).toEqual({
      ids: idsOf(newestFirst.slice(0, 20)),
      total: COUNT,
      page: 1,
      pageSize: 20,
    });
    expect(await page(admin, '?sort=oldest&page=3&pageSize=7')).toEqual({
      ids: idsOf(ALL.slice(14, 21)),
      total: COUNT,
      page: 3,
      pageSize: 7,
    });
    const byTotal = [...ALL].sort((a, b) => a.totalCents - b.totalCents || (a.id < b.id ? -1 : 1));
    expect((await page(admin, '?sort=total-asc&page=2&pageSize=5')).ids).toEqual(idsOf(byTotal.slice(5, 10)));
    expect((await page(admin, '?sort=total-desc&pageSize=5')).ids).toEqual(idsOf([...byTotal].reverse().slice(0, 5)));
    expect(await page(admin, `?page=${COUNT / 100}&pageSize=100`)).toEqual({
      ids: idsOf(newestFirst.slice(COUNT - 100)),
      total: COUNT,
      page: COUNT / 100,
      pageSize: 100,
    });
    expect((await page(admin, `?page=${COUNT / 100 + 1}&pageSize=100`)).ids).toEqual([]);
  });

  it('filters by status and by whole UTC days', async () => {
    const shipped = newestFirst.filter((o) => o.status === 'shipped');
    expect(await page(admin, '?status=shipped&pageSize=3')).toEqual({
      ids: idsOf(shipped.slice(0, 3)),
      total: shipped.length,
      page: 1,
      pageSize: 3,
    });
    const march = newestFirst.filter((o) => o.createdAt >= '2025-03-01' && o.createdAt < '2025-04-01');
    expect(await page(admin, '?from=2025-03-01&to=2025-03-31&pageSize=4')).toEqual({
      ids: idsOf(march.slice(0, 4)),
      total: 31 * 288,
      page: 1,
      pageSize: 4,
    });
    const marchPending = march.filter((o) => o.status === 'pending');
    const res = await page(admin, '?from=2025-03-01&to=2025-03-31&status=pending&sort=oldest&pageSize=2');
    expect(res).toEqual({ ids: idsOf([...marchPending].reverse().slice(0, 2)), total: 31 * 72, page: 1, pageSize: 2 });
  });

  it('finds by whole order number, PO number, e-mail or SKU, and by the start of a name, in any case', async () => {
    const one = await search(admin, '?q=so-2025-000500');
    expect(one.json().total).toBe(1);
    const found: Order = one.json().items[0];
    expect(found).toMatchObject({
      _id: ALL[499]?.id,
      number: 'SO-2025-000500',
      email: 'carol@example.com',
      price: ((499 * 7919) % 1_000_000) / 100 + 1,
      lines: [{ productId: null, sku: 'KC-P-49', name: 'Part', quantity: 1 }],
    });
    expect(await page(admin, '?q=SO-2025-00050')).toMatchObject({ ids: [], total: 0 });
    expect(await page(admin, '?q=po-700')).toMatchObject({ ids: [ALL[700]?.id], total: 1 });
    expect(await page(admin, '?q=PO-70')).toMatchObject({ ids: [ALL[70]?.id], total: 1 });
    const alices = newestFirst.filter((o) => o.user === 'alice');
    expect(await page(admin, '?q=ALICE@Example.com')).toEqual({
      ids: idsOf(alices.slice(0, 20)),
      total: 10_000,
      page: 1,
      pageSize: 20,
    });
    const bobs = newestFirst.filter((o) => o.user === 'bob');
    expect(await page(admin, '?q=bob%20s&sort=oldest&pageSize=2')).toMatchObject({
      ids: idsOf([...bobs].reverse().slice(0, 2)),
      total: 10_000,
    });
    expect(await page(admin, '?q=car')).toMatchObject({ total: 80_000 });
    expect(await page(admin, '?q=king')).toMatchObject({ total: 0 });
    expect(await page(admin, '?q=kc-rare-1')).toMatchObject({ ids: [ALL[RARE]?.id], total: 1 });
    const sku7 = newestFirst.filter((_, n) => (COUNT - 1 - n) % 50 === 7);
    expect(await page(admin, '?q=KC-P-7&pageSize=3')).toEqual({
      ids: idsOf(sku7.slice(0, 3)),
      total: 2_000,
      page: 1,
      pageSize: 3,
    });
    // i = 7 + 50k is odd: never 'shipped' (i % 4 = 2), 'confirmed' for every other k.
    expect(await page(admin, '?q=KC-P-7&status=shipped')).toMatchObject({ total: 0 });
    expect(await page(admin, '?q=KC-P-7&status=confirmed')).toMatchObject({ total: 1_000 });
    expect(await page(admin, '?q=%25')).toMatchObject({ total: 0 });
    expect(await page(admin, '?q=_')).toMatchObject({ total: 0 });
  });

  it("finds by the start of the order's company name, in any case, on the name's index (issue #47)", async () => {
    const bobs = newestFirst.filter((o) => o.user === 'bob');
    expect(await page(admin, '?q=STONEMILL%20s&pageSize=3')).toEqual({
      ids: idsOf(bobs.slice(0, 3)),
      total: 10_000,
      page: 1,
      pageSize: 3,
    });
    // "stone" starts both Stonemill Supplies and Stone Age Tools (no orders), and no customer's name: Bob's orders.
    expect(await page(admin, '?q=stone')).toMatchObject({ total: 10_000 });
    expect(await page(admin, '?q=stone%20age')).toMatchObject({ ids: [], total: 0 });
    expect(await page(admin, '?q=supplies')).toMatchObject({ total: 0 });
    expect(await page(admin, '?q=stonemill&status=shipped')).toMatchObject({ total: 0 });
    expect(await page(admin, '?q=stonemill&status=confirmed')).toMatchObject({ total: 5_000 });
    // A customer's search stays their own: Alice is in no company.
    expect(await page(users.alice, '?q=stonemill')).toMatchObject({ ids: [], total: 0 });
    // The companies are found on migration 027's index, not by reading every company.
    const plan =
      kind === 'sqlite'
        ? await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM companies
          WHERE lower(name) >= lower('stone') AND lower(name) < lower('stone') || char(1114111)`.execute(t.app.db)
        : await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM companies WHERE lower(name) LIKE 'stone%'`.execute(
            t.app.db,
          );
    expect(JSON.stringify(plan.rows)).toContain('companies_name_lower');
  });

  it('shows a buyer only their own orders and asks visitors to sign in', async () => {
    const alices = newestFirst.filter((o) => o.user === 'alice');
    expect(await page(users.alice, '?pageSize=5')).toEqual({
      ids: idsOf(alices.slice(0, 5)),
      total: 10_000,
      page: 1,
      pageSize: 5,
    });
    expect(await page(users.alice, '?q=bob@example.com')).toMatchObject({ ids: [], total: 0 });
    expect(await page(users.alice, '?q=SO-2025-000002')).toMatchObject({ ids: [], total: 0 });
    expect(await page(users.bob, '?q=SO-2025-000002')).toMatchObject({ ids: [ALL[1]?.id], total: 1 });
    const res = await search(undefined, '');
    expect(res.statusCode).toBe(401);
  });

  it('refuses a bad page, page size, sort, status or day with 400', async () => {
    for (const [query, message] of [
      ['?page=0', 'page must be a whole number from 1'],
      ['?page=x', 'page must be a whole number from 1'],
      ['?page=1.5', 'page must be a whole number from 1'],
      ['?pageSize=0', 'pageSize must be a whole number from 1 to 100'],
      ['?pageSize=101', 'pageSize must be a whole number from 1 to 100'],
      ['?sort=price', 'sort must be one of newest, oldest, total-desc, total-asc'],
    ]) {
      const res = await search(admin, query ?? '');
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error: { code: 'validation_error', message } });
    }
    for (const query of ['?status=lost', '?from=2025-02-30', '?from=2025-03-02&to=2025-03-01']) {
      expect((await search(admin, query)).statusCode, query).toBe(400);
    }
  });
});
