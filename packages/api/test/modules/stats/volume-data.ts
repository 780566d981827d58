// A year of orders for the stats volume test, written in batches of INSERT ... SELECT (no API calls), and the figures the
// answer must hold, worked out here in JavaScript from the same rules. Order i (0-based) is placed 5 minutes after
// order i-1 from 2025-01-01T00:00Z (100,000 orders reach mid-December) and paid a minute after it was placed, so orders
// placed at 23:59 are paid on the next day. i % 4 = 0: unpaid and pending, but i % 8 = 0 on account instead, confirmed
// unpaid for company vol-co-(i % 3), due 30 days after it was placed when i % 16 = 0 (overdue: long past) and due
// today otherwise (not overdue yet); i % 20 = 1: paid, then cancelled and refunded; otherwise paid and confirmed,
// shipped or delivered. Line 0 is product i % 20 (1 + i % 7 units); orders with
// i % 3 = 0 also have a line of 2 of product (i + 7) % 20. Product k costs 10.00 + k x 1.37 dollars.
import type { AdminStats, OrderStatus } from '@kestrel/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

export const VOLUME_ORDERS = 100_000;
export const VOLUME_PRODUCTS = 20;
const START = Date.UTC(2025, 0, 1);
const STEP_MS = 5 * 60 * 1000;

export const priceCents = (k: number) => 1000 + k * 137;

interface Generated {
  createdAt: string;
  paidAt: string | null;
  status: OrderStatus;
  refunded: boolean;
  lines: Array<{ product: number; quantity: number }>;
  /** On account: its company and whether it is overdue. */
  account: { company: string; overdue: boolean } | null;
}

function generate(i: number): Generated {
  const created = START + i * STEP_MS;
  const unpaid = i % 4 === 0;
  const refunded = !unpaid && i % 20 === 1;
  const account = i % 8 === 0 ? { company: `vol-co-${i % 3}`, overdue: i % 16 === 0 } : null;
  const kept: OrderStatus[] = ['confirmed', 'shipped', 'delivered'];
  const lines = [{ product: i % VOLUME_PRODUCTS, quantity: 1 + (i % 7) }];
  if (i % 3 === 0) lines.push({ product: (i + 7) % VOLUME_PRODUCTS, quantity: 2 });
  return {
    createdAt: new Date(created).toISOString(),
    paidAt: unpaid ? null : new Date(created + 60_000).toISOString(),
    status: account ? 'confirmed' : unpaid ? 'pending' : refunded ? 'cancelled' : (kept[i % 3] as OrderStatus),
    refunded,
    lines,
    account,
  };
}

const totalOf = (g: Generated) => g.lines.reduce((sum, l) => sum + l.quantity * priceCents(l.product), 0);

const BATCH = 20_000;

/** SQL of order i's columns, on either database (the same rules as generate()). */
function columns(sqlite: boolean) {
  const at = (minutes: string) =>
    sqlite
      ? `strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || (${minutes}) || ' minutes')`
      : `to_char(timestamp '2025-01-01' + (${minutes}) * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const id = sqlite ? `printf('vol%021d', i)` : `'vol' || lpad(i::text, 21, '0')`;
  const paid = `CASE WHEN i % 4 = 0 THEN NULL ELSE ${at('i * 5 + 1')} END`;
  const price = (k: string) => `(1000 + (${k}) * 137)`;
  const product = (k: string) => `(SELECT id FROM products WHERE sku = 'VOL-' || (${k}))`;
  return { at, id, paid, price, product };
}

/** The companies of the on-account orders. */
export const VOLUME_COMPANIES = ['vol-co-0', 'vol-co-1', 'vol-co-2'];

/**
 * Inserts the orders and their lines, BATCH orders per INSERT ... SELECT; products carry SKUs VOL-0 ... VOL-19. `today`
 * (YYYY-MM-DD, UTC) is the due date of the on-account orders not overdue.
 */
export async function seedVolume(app: FastifyInstance, sqliteDb: boolean, userId: string, today: string) {
  const { at, id, paid, price, product } = columns(sqliteDb);
  const stamp = '2025-01-01T00:00:00.000Z';
  await app.db
    .insertInto('companies')
    .values(
      VOLUME_COMPANIES.map((c) => ({ id: c, name: c, billing_address: 'x', created_at: stamp, updated_at: stamp })),
    )
    .execute();
  const dueLong = sqliteDb
    ? `strftime('%Y-%m-%d', '2025-01-01', '+' || (i * 5) || ' minutes', '+30 days')`
    : `to_char(timestamp '2025-01-01' + (i * 5) * interval '1 minute' + interval '30 days', 'YYYY-MM-DD')`;
  const due = `CASE WHEN i % 16 = 0 THEN ${dueLong} WHEN i % 8 = 0 THEN '${today}' END`;
  const company = `CASE WHEN i % 8 = 0 THEN 'vol-co-' || (i % 3) END`;
  const terms = `CASE WHEN i % 8 = 0 THEN 'account' ELSE 'card' END`;
  const series = (first: number, last: number) =>
    sqliteDb
      ? {
          head: `WITH RECURSIVE s(i) AS (SELECT ${first} UNION ALL SELECT i + 1 FROM s WHERE i < ${last})`,
          from: 'FROM s',
        }
      : { head: '', from: `FROM generate_series(${first}, ${last}) AS i` };
  const kept = `CASE i % 3 WHEN 0 THEN 'confirmed' WHEN 1 THEN 'shipped' ELSE 'delivered' END`;
  const status = `CASE WHEN i % 8 = 0 THEN 'confirmed' WHEN i % 4 = 0 THEN 'pending' WHEN i % 20 = 1 THEN 'cancelled' ELSE ${kept} END`;
  const total = `(1 + i % 7) * ${price('i % 20')} + CASE WHEN i % 3 = 0 THEN 2 * ${price('(i + 7) % 20')} ELSE 0 END`;
  const number = sqliteDb ? `printf('SO-2025-%06d', i + 1)` : `'SO-2025-' || lpad((i + 1)::text, 6, '0')`;
  const user = sqliteDb ? `'${userId}'` : `'${userId}'::text`;
  for (let first = 0; first < VOLUME_ORDERS; first += BATCH) {
    const { head, from } = series(first, Math.min(first + BATCH, VOLUME_ORDERS) - 1);
    const line = (lineNo: number, k: string, quantity: string, where: string) => `${head}
      INSERT INTO order_lines (order_id, line_no, product_id, sku, name, quantity, unit_price_cents, line_total_cents)
      SELECT ${id}, ${lineNo}, ${product(k)}, 'VOL-' || (${k}), 'Part ' || (${k}), ${quantity}, ${price(k)},
        ${quantity} * ${price(k)} ${from} ${where}`;
    const statements = [
      `${head} INSERT INTO orders (id, number, product_id, user_id, item_name, quantity, unit_price_cents,
        total_cents, email, user_name, phone, address, paid_at, transaction_id, created_at, status, status_history,
        payment_terms, refunded_at, updated_at, company_id, due_date)
      SELECT ${id}, ${number}, ${product('i % 20')}, ${user}, 'Part', 1 + i % 7, ${price('i % 20')}, ${total},
        'volume@example.com', 'Volume Buyer', '1', 'a', ${paid}, CASE WHEN i % 4 = 0 THEN NULL ELSE 'tx' END,
        ${at('i * 5')}, ${status}, '[]', ${terms}, CASE WHEN i % 20 = 1 THEN ${paid} END, ${at('i * 5')},
        ${company}, ${due} ${from}`,
      line(0, 'i % 20', '(1 + i % 7)', ''),
      line(1, '(i + 7) % 20', '2', 'WHERE i % 3 = 0'),
    ];
    for (const statement of statements) await sql.raw(statement).execute(app.db);
  }
}

/**
 * The year's revenue per day, orders by status, top products and the receivables as of `today` as the API must answer
 * them (names given).
 */
export function expectedVolume(
  from: string,
  to: string,
  names: string[],
  productIds: string[],
  today: string,
): Omit<AdminStats, 'lowStock'> {
  const revenue = new Map<string, number>();
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    revenue.set(new Date(t).toISOString().slice(0, 10), 0);
  }
  const ordersByStatus: Record<string, number> = {};
  const sold = new Map<number, { units: number; cents: number }>();
  const owed = { open: { cents: 0, orders: 0, companies: new Set<string>() } };
  const overdue = { cents: 0, orders: 0, companies: new Set<string>() };
  for (let i = 0; i < VOLUME_ORDERS; i++) {
    const g = generate(i);
    if (g.account) {
      for (const sum of g.account.overdue ? [owed.open, overdue] : [owed.open]) {
        sum.cents += totalOf(g);
        sum.orders += 1;
        sum.companies.add(g.account.company);
      }
    }
    const created = g.createdAt.slice(0, 10);
    if (revenue.has(created)) ordersByStatus[g.status] = (ordersByStatus[g.status] ?? 0) + 1;
    const paid = g.paidAt?.slice(0, 10);
    if (paid === undefined || !revenue.has(paid) || g.status === 'cancelled') continue;
    revenue.set(paid, revenue.get(paid)! + totalOf(g));
    for (const l of g.lines) {
      const s = sold.get(l.product) ?? { units: 0, cents: 0 };
      s.units += l.quantity;
      s.cents += l.quantity * priceCents(l.product);
      sold.set(l.product, s);
    }
  }
  const statuses = [
    'pending',
    'awaiting_approval',
    'confirmed',
    'shipped',
    'delivered',
    'cancelled',
    'expired',
    'rejected',
    'partially_shipped',
  ];
  return {
    revenue: [...revenue].map(([day, cents]) => ({ day, total: cents / 100 })),
    // B2B §13: these orders carry no tax.
    taxTotal: 0,
    ordersByStatus: Object.fromEntries(
      statuses.map((s) => [s, ordersByStatus[s] ?? 0]),
    ) as AdminStats['ordersByStatus'],
    topProducts: [...sold]
      .sort(([, a], [, b]) => b.units - a.units || b.cents - a.cents)
      .slice(0, 10)
      .map(([k, s]) => ({ productId: productIds[k]!, name: names[k]!, units: s.units, revenue: s.cents / 100 })),
    receivables: {
      asOf: today,
      open: { total: owed.open.cents / 100, orders: owed.open.orders, companies: owed.open.companies.size },
      overdue: { total: overdue.cents / 100, orders: overdue.orders, companies: overdue.companies.size },
    },
  };
}
