// Migration 038-shipments on both databases: an order shipped or delivered before it gets one shipment of every line
// ({number}-S1, the order's carrier and tracking, the times of its history's steps) and its lines count as shipped;
// other orders get none; and the migration goes down again.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../helpers/databases.js';
import { migrationDatabase } from '../helpers/migration-database.js';

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
});
