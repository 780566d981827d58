// Migration 038-shipments on both databases: an order shipped or delivered before it gets one shipment of every line
// ({number}-S1, the order's carrier and tracking, the times of its history's steps) and its lines count as shipped;
// other orders get none; and the migration goes down again.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { migrationDatabase } from '../../../helpers/migration-database.js';

describe.each(databases)('migration 038-shipments on %s', (kind) => {
  const opened = migrationDatabase(kind);

  it('backfills one shipment of every line for shipped and delivered orders', async () => {
    const { db, migrator } = opened;
    expect((await migrator.migrateTo('037-tax')).error).toBeUndefined();
    await sql`INSERT INTO users (id, email, name, password_hash, role, created_at)
      VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'a@example.com', 'A', NULL, 'customer', '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );
    const history = (...steps: Array<[string, string]>) =>
      JSON.stringify(steps.map(([status, at]) => ({ status, at })));
    const orders: Array<[string, string, string, string | null, string]> = [
      ['000000000001000000000000', 'SO-2026-000001', 'shipped', 'DHL', history(['pending', 'T0'], ['shipped', 'T1'])],
      [
        '000000000002000000000000',
        'SO-2026-000002',
        'delivered',
        'UPS',
        history(['pending', 'T0'], ['shipped', 'T2'], ['delivered', 'T3']),
      ],
      ['000000000003000000000000', 'SO-2026-000003', 'confirmed', null, history(['pending', 'T0'])],
    ];
    for (const [id, number, status, carrier, steps] of orders) {
      await sql`INSERT INTO orders (id, number, product_id, user_id, item_name, quantity, unit_price_cents, total_cents,
          email, user_name, phone, address, created_at, status, status_history, carrier, tracking_number, updated_at)
        VALUES (${id}, ${number}, NULL, 'aaaaaaaaaaaaaaaaaaaaaaa1', 'Part', 5, 100, 800, 'a@example.com', 'A', '1', 'a',
          '2026-01-01T00:00:00.000Z', ${status}, ${steps}, ${carrier}, ${carrier ? `TR-${number}` : null},
          '2026-01-09T00:00:00.000Z')`.execute(db);
      for (const [lineNo, quantity] of [
        [0, 5],
        [1, 3],
      ] as const) {
        await sql`INSERT INTO order_lines (order_id, line_no, product_id, sku, name, quantity, unit_price_cents,
            line_total_cents)
          VALUES (${id}, ${lineNo}, NULL, ${`SKU-${lineNo}`}, 'Part', ${quantity}, 100, ${quantity * 100})`.execute(db);
      }
    }
    expect((await migrator.migrateTo('038-shipments')).error).toBeUndefined();
    expect(await sql`SELECT * FROM shipments ORDER BY id`.execute(db).then((r) => r.rows)).toEqual([
      {
        id: '000000000001000000000000',
        order_id: '000000000001000000000000',
        seq: 1,
        number: 'SO-2026-000001-S1',
        carrier: 'DHL',
        tracking_number: 'TR-SO-2026-000001',
        shipped_at: 'T1',
        delivered_at: null,
      },
      {
        id: '000000000002000000000000',
        order_id: '000000000002000000000000',
        seq: 1,
        number: 'SO-2026-000002-S1',
        carrier: 'UPS',
        tracking_number: 'TR-SO-2026-000002',
        shipped_at: 'T2',
        delivered_at: 'T3',
      },
    ]);
    const lines = await sql<{ shipment_id: string; line_no: number; sku: string; quantity: number }>`
      SELECT shipment_id, line_no, sku, quantity FROM shipment_lines ORDER BY shipment_id, line_no`.execute(db);
    expect(lines.rows.map((l) => [l.shipment_id.slice(11, 12), l.line_no, l.sku, Number(l.quantity)])).toEqual([
      ['1', 0, 'SKU-0', 5],
      ['1', 1, 'SKU-1', 3],
      ['2', 0, 'SKU-0', 5],
      ['2', 1, 'SKU-1', 3],
    ]);
    const counted = await sql<{ order_id: string; shipped_quantity: number; cancelled_quantity: number }>`
      SELECT order_id, shipped_quantity, cancelled_quantity FROM order_lines ORDER BY order_id, line_no`.execute(db);
    expect(counted.rows.map((l) => [Number(l.shipped_quantity), Number(l.cancelled_quantity)])).toEqual([
      [5, 0],
      [3, 0],
      [5, 0],
      [3, 0],
      [0, 0],
      [0, 0],
    ]);

    expect((await migrator.migrateTo('037-tax')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });

  it('backfills 1,200 shipped orders across three pages of the backfill', async () => {
    const { db, migrator } = opened;
    expect((await migrator.migrateTo('037-tax')).error).toBeUndefined();
    // 1,200 more shipped orders, one line each, seeded in one statement each (page size 500: three pages).
    const id = kind === 'sqlite' ? sql`'b' || printf('%023d', i)` : sql`'b' || lpad(i::text, 23, '0')`;
    const number = kind === 'sqlite' ? sql`'SO-2025-' || printf('%06d', i)` : sql`'SO-2025-' || lpad(i::text, 6, '0')`;
    const count = sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)`;
    await sql`${count} INSERT INTO orders (id, number, product_id, user_id, item_name, quantity, unit_price_cents,
        total_cents, email, user_name, phone, address, created_at, status, status_history, carrier, tracking_number,
        updated_at)
      SELECT ${id}, ${number}, NULL, 'aaaaaaaaaaaaaaaaaaaaaaa1', 'Part', 2, 100, 200, 'a@example.com', 'A',
        '1', 'a', '2025-01-01T00:00:00.000Z', 'delivered', '[]', 'DHL', 'TR', '2025-02-01T00:00:00.000Z' FROM n`.execute(
      db,
    );
    await sql`${count} INSERT INTO order_lines (order_id, line_no, product_id, sku, name, quantity, unit_price_cents,
        line_total_cents)
      SELECT ${id}, 0, NULL, 'SKU-0', 'Part', 2, 100, 200 FROM n`.execute(db);
    expect((await migrator.migrateTo('038-shipments')).error).toBeUndefined();
    const shipped = await sql<{ n: number; delivered: number }>`
      SELECT COUNT(*) AS n, COUNT(delivered_at) AS delivered FROM shipments WHERE id LIKE 'b%'`.execute(db);
    expect([Number(shipped.rows[0]?.n), Number(shipped.rows[0]?.delivered)]).toEqual([1200, 1200]);
    const lines = await sql<{ n: number }>`
      SELECT COUNT(*) AS n FROM order_lines WHERE order_id LIKE 'b%' AND shipped_quantity = 2`.execute(db);
    expect(Number(lines.rows[0]?.n)).toBe(1200);
    // An order with no history step to go by takes its updated_at.
    const last = await sql<{ number: string; shipped_at: string }>`
      SELECT number, shipped_at FROM shipments WHERE id = ${'b' + '1200'.padStart(23, '0')}`.execute(db);
    expect(last.rows[0]).toEqual({
      number: 'SO-2025-001200-S1',
      shipped_at: '2025-02-01T00:00:00.000Z',
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
