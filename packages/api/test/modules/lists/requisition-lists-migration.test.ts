// Migration 030-requisition-lists on SQLite and PostgreSQL: the two tables, one line per product and list (the
// database's rule too), the lists' reads by index, and down and up again.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { migrationDatabase } from '../../helpers/migration-database.js';

const BEFORE = '028-approval-reasons';
const AT = '2026-01-01T00:00:00.000Z';

describe.each(databases)('migration 030-requisition-lists on %s', (kind) => {
  const opened = migrationDatabase(kind);

  it('holds one line per product of a list, indexes the two halves of GET /api/lists, and goes down and up', async () => {
    const { db, migrator } = opened;
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await migrator.migrateTo('030-requisition-lists')).error).toBeUndefined();
    await sql`INSERT INTO users (id, email, name, password_hash, role, created_at)
      VALUES ('u1', 'a@example.com', 'A', 'x', 'customer', ${AT})`.execute(db);
    await sql`INSERT INTO requisition_lists (id, name, created_by, company_id, created_at, updated_at)
      VALUES ('l1', 'Plant 1', 'u1', NULL, ${AT}, ${AT})`.execute(db);
    const line = (quantity: number) =>
      sql`INSERT INTO requisition_list_lines (list_id, product_id, position, sku, name, quantity, note)
        VALUES ('l1', 'p1', 0, 'KC-1', 'Part', ${quantity}, NULL)`.execute(db);
    await line(5);
    await expect(line(6)).rejects.toThrow();
    const lines = await sql<{ quantity: number }>`SELECT quantity FROM requisition_list_lines`.execute(db);
    expect(lines.rows.map((r) => Number(r.quantity))).toEqual([5]);

    if (kind === 'postgres') await sql`SET enable_seqscan = off`.execute(db);
    const plan = async (query: string) => {
      const { rows } = await sql.raw(`${kind === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${query}`).execute(db);
      return JSON.stringify(rows);
    };
    // A person's private lists (their count and their half of the list): by index, never a scan of every list. On
    // a table this small PostgreSQL may take either index; SQLite takes the creator's.
    expect(await plan(`SELECT id FROM requisition_lists WHERE created_by = 'u1' AND company_id IS NULL`)).toMatch(
      kind === 'sqlite' ? /requisition_lists_creator/ : /Index Scan using requisition_lists_/,
    );
    expect(await plan(`SELECT id FROM requisition_lists WHERE company_id = 'c1'`)).toMatch(/requisition_lists_company/);
    if (kind === 'postgres') await sql`SET enable_seqscan = on`.execute(db);

    await sql`DELETE FROM requisition_list_lines`.execute(db);
    await sql`DELETE FROM requisition_lists`.execute(db);
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
