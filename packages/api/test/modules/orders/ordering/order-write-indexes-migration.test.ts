// Migration 023-order-write-indexes on SQLite and PostgreSQL: the invoice and credit-note numbers stay unique, the
// company's orders and the paid orders are still read through their (now partial) indexes, and it goes down and up.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { migrationDatabase } from '../../../helpers/migration-database.js';

const BEFORE = '022-quotes';

describe.each(databases)('migration 023-order-write-indexes on %s', (kind) => {
  const opened = migrationDatabase(kind);

  it('keeps the numbers unique and the partial indexes in use, and goes down and up again', async () => {
    const { db, migrator } = opened;
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await sql`INSERT INTO users (id, email, name, password_hash, role, created_at)
      VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'a@example.com', 'A', NULL, 'customer', '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );
    const order = (n: number) =>
      sql`INSERT INTO orders (id, number, product_id, user_id, item_name, quantity, unit_price_cents, total_cents,
          email, user_name, phone, address, created_at, status, status_history, updated_at)
        VALUES (${`bbbbbbbbbbbbbbbbbbbbbbb${n}`}, ${`SO-2026-00000${n}`}, NULL, 'aaaaaaaaaaaaaaaaaaaaaaa1', 'Part', 1, 100,
          100, 'a@example.com', 'A', '1', 'x', '2026-01-01T00:00:00.000Z', 'pending', '[]',
          '2026-01-01T00:00:00.000Z')`.execute(db);
    await order(1);
    expect((await migrator.migrateTo('023-order-write-indexes')).error).toBeUndefined();
    await order(2);
    await order(3);
    const number = (n: number, column: 'invoice_number' | 'credit_note_number', value: string) =>
      db
        .updateTable('orders')
        .set({ [column]: value })
        .where('id', '=', `bbbbbbbbbbbbbbbbbbbbbbb${n}`)
        .execute();
    await number(1, 'invoice_number', 'INV-2026-000001');
    await expect(number(2, 'invoice_number', 'INV-2026-000001')).rejects.toThrow();
    await number(1, 'credit_note_number', 'CN-2026-000001');
    await expect(number(3, 'credit_note_number', 'CN-2026-000001')).rejects.toThrow();

    // The reads these indexes exist for still use them (PostgreSQL is told to avoid a scan of this small table); a
    // buyer's orders take one of the two indexes that lead with user_id.
    if (kind === 'postgres') await sql`SET enable_seqscan = off`.execute(db);
    const plan = async (query: string) => {
      const { rows } = await sql.raw(`${kind === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${query}`).execute(db);
      return JSON.stringify(rows);
    };
    expect(await plan(`SELECT id FROM orders WHERE company_id = 'c1' ORDER BY created_at DESC`)).toMatch(
      /orders_company_created/,
    );
    expect(await plan(`SELECT id FROM orders WHERE invoice_number = 'INV-2026-000001'`)).toMatch(
      /orders_invoice_number/,
    );
    expect(await plan(`SELECT id FROM orders WHERE user_id = 'aaaaaaaaaaaaaaaaaaaaaaa1'`)).toMatch(
      /orders_user_id_(id|total)/,
    );
    if (kind === 'postgres') await sql`SET enable_seqscan = on`.execute(db);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
