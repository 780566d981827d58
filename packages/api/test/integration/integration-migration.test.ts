// Migration 018-integration-keys on SQLite and PostgreSQL: existing orders get the time of their latest known change
// (placed, paid, refunded, or the last step of their history), and the migration goes down again cleanly.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../helpers/databases.js';
import { migrationDatabase } from '../helpers/migration-database.js';

const BEFORE = '011-account-care';

describe.each(databases)('migration 018-integration-keys on %s', (kind) => {
  const opened = migrationDatabase(kind);

  it('stamps each order with its latest change, and goes down again', async () => {
    const { db, migrator } = opened;
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await sql`INSERT INTO users (id, email, name, password_hash, role, created_at)
      VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'a@example.com', 'A', NULL, 'customer', '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );
    const order = (id: string, paidAt: string | null, refundedAt: string | null, history: string[]) =>
      sql`INSERT INTO orders (id, product_id, user_id, item_name, quantity, unit_price_cents, total_cents, email,
          user_name, phone, address, paid_at, created_at, status, status_history, refunded_at)
        VALUES (${id}, NULL, 'aaaaaaaaaaaaaaaaaaaaaaa1', 'Part', 1, 100, 100, 'a@example.com', 'A', '1', 'x', ${paidAt},
          '2026-01-01T00:00:00.000Z', 'confirmed',
          ${JSON.stringify(history.map((at) => ({ status: 'confirmed', at })))}, ${refundedAt})`.execute(db);
    await order('bbbbbbbbbbbbbbbbbbbbbbb1', null, null, ['2026-01-01T00:00:00.000Z']);
    await order('bbbbbbbbbbbbbbbbbbbbbbb2', '2026-01-02T00:00:00.000Z', null, ['2026-01-01T00:00:00.000Z']);
    await order('bbbbbbbbbbbbbbbbbbbbbbb3', '2026-01-02T00:00:00.000Z', null, [
      '2026-01-01T00:00:00.000Z',
      '2026-01-05T00:00:00.000Z',
    ]);
    await order('bbbbbbbbbbbbbbbbbbbbbbb4', '2026-01-02T00:00:00.000Z', '2026-01-09T00:00:00.000Z', [
      '2026-01-03T00:00:00.000Z',
    ]);

    expect((await migrator.migrateTo('018-integration-keys')).error).toBeUndefined();
    const rows = await db.selectFrom('orders').select(['id', 'updated_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'bbbbbbbbbbbbbbbbbbbbbbb1', updated_at: '2026-01-01T00:00:00.000Z' },
      { id: 'bbbbbbbbbbbbbbbbbbbbbbb2', updated_at: '2026-01-02T00:00:00.000Z' },
      { id: 'bbbbbbbbbbbbbbbbbbbbbbb3', updated_at: '2026-01-05T00:00:00.000Z' },
      { id: 'bbbbbbbbbbbbbbbbbbbbbbb4', updated_at: '2026-01-09T00:00:00.000Z' },
    ]);
    expect(await db.selectFrom('api_keys').selectAll().execute()).toEqual([]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
