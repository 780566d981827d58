// Migration 016-order-desk on both databases: existing orders are numbered by creation order within the UTC year they
// were created in, each year's counter continues after them, and the migration goes down again.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { migrationDatabase } from '../../../helpers/migration-database.js';

describe.each(databases)('migration 016-order-desk on %s', (kind) => {
  const opened = migrationDatabase(kind);

  it('numbers existing orders per year in creation order and continues the counters', async () => {
    const { db, migrator } = opened;
    expect((await migrator.migrateTo('011-account-care')).error).toBeUndefined();
    await sql`INSERT INTO users (id, email, name, password_hash, role, created_at)
      VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'a@example.com', 'A', NULL, 'customer', '2025-01-01T00:00:00.000Z')`.execute(
      db,
    );
    // Ids in creation order; the years interleave only at the boundary, as real orders do.
    const orders: Array<[string, string]> = [
      ['000000000001000000000000', '2025-12-31T23:59:59.999Z'],
      ['000000000000000000000000', '2025-06-01T00:00:00.000Z'],
      ['000000000002000000000000', '2026-01-01T00:00:00.000Z'],
      ['000000000003000000000000', '2026-02-01T00:00:00.000Z'],
      ['000000000004000000000000', '2026-03-01T00:00:00.000Z'],
    ];
    for (const [id, at] of orders) {
      await sql`INSERT INTO orders (id, product_id, user_id, item_name, quantity, unit_price_cents, total_cents, email,
          user_name, phone, address, created_at)
        VALUES (${id}, NULL, 'aaaaaaaaaaaaaaaaaaaaaaa1', 'Part', 1, 100, 100, 'a@example.com', 'A', '1', 'a', ${at})`.execute(
        db,
      );
    }
    expect((await migrator.migrateTo('016-order-desk')).error).toBeUndefined();
    expect(await db.selectFrom('orders').select(['id', 'number']).orderBy('id').execute()).toEqual([
      { id: '000000000000000000000000', number: 'SO-2025-000001' },
      { id: '000000000001000000000000', number: 'SO-2025-000002' },
      { id: '000000000002000000000000', number: 'SO-2026-000001' },
      { id: '000000000003000000000000', number: 'SO-2026-000002' },
      { id: '000000000004000000000000', number: 'SO-2026-000003' },
    ]);
    expect(await db.selectFrom('order_number_counters').selectAll().orderBy('year').execute()).toEqual([
      { year: 2025, last_number: 2 },
      { year: 2026, last_number: 3 },
    ]);

    expect((await migrator.migrateTo('011-account-care')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
