// Migration 022-quotes on SQLite and PostgreSQL: existing orders get no quote, the quote tables start empty, the
// database refuses two orders of one quote, and the migration goes down and up again cleanly.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { migrationDatabase } from '../../helpers/migration-database.js';

const BEFORE = '021-stats';

describe.each(databases)('migration 022-quotes on %s', (kind) => {
  const opened = migrationDatabase(kind);

  it('adds the quote tables and orders.quote_id (one order per quote), and goes down again', async () => {
    const { db, migrator } = opened;
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await sql`INSERT INTO users (id, email, name, password_hash, role, created_at)
      VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'a@example.com', 'A', NULL, 'customer', '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );
    const order = (id: string, number: string) =>
      sql`INSERT INTO orders (id, number, product_id, user_id, item_name, quantity, unit_price_cents, total_cents,
          email, user_name, phone, address, created_at, status, status_history, updated_at)
        VALUES (${id}, ${number}, NULL, 'aaaaaaaaaaaaaaaaaaaaaaa1', 'Part', 1, 100, 100, 'a@example.com', 'A', '1',
          'x', '2026-01-01T00:00:00.000Z', 'pending', '[]', '2026-01-01T00:00:00.000Z')`.execute(db);
    await order('bbbbbbbbbbbbbbbbbbbbbbb1', 'SO-2026-000001');

    expect((await migrator.migrateTo('022-quotes')).error).toBeUndefined();
    expect(await db.selectFrom('orders').select(['id', 'quote_id']).execute()).toEqual([
      { id: 'bbbbbbbbbbbbbbbbbbbbbbb1', quote_id: null },
    ]);
    for (const table of ['quotes', 'quote_lines', 'quote_messages', 'quote_counters'] as const) {
      expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
    }
    await order('bbbbbbbbbbbbbbbbbbbbbbb2', 'SO-2026-000002');
    await order('bbbbbbbbbbbbbbbbbbbbbbb3', 'SO-2026-000003');
    const quoted = 'cccccccccccccccccccccccc';
    await db.updateTable('orders').set({ quote_id: quoted }).where('id', '=', 'bbbbbbbbbbbbbbbbbbbbbbb2').execute();
    await expect(
      db.updateTable('orders').set({ quote_id: quoted }).where('id', '=', 'bbbbbbbbbbbbbbbbbbbbbbb3').execute(),
    ).rejects.toThrow();

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
