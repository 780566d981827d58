// Migration 024-quote-list-indexes on SQLite and PostgreSQL: quotes written before it keep listing, the lists' reads
// and the expiry job's take the new indexes (PostgreSQL is told to avoid a scan of this small table), and it goes
// down and up again.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { migrationDatabase } from '../../helpers/migration-database.js';

const BEFORE = '023-order-write-indexes';

describe.each(databases)('migration 024-quote-list-indexes on %s', (kind) => {
  const opened = migrationDatabase(kind);

  it('indexes each list in its order, and goes down and up again', async () => {
    const { db, migrator } = opened;
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const quote = (n: number, companyId: string | null) =>
      sql`INSERT INTO quotes (id, number, user_id, email, user_name, company_id, status, created_at, updated_at)
        VALUES (${`q${n}`}, ${`Q-2026-00000${n}`}, 'u1', 'a@example.com', 'A', ${companyId}, 'requested',
          ${`2026-01-0${n}T00:00:00.000Z`}, ${`2026-01-0${n}T00:00:00.000Z`})`.execute(db);
    await quote(1, 'c1');
    await quote(2, null);
    expect((await migrator.migrateTo('024-quote-list-indexes')).error).toBeUndefined();
    await quote(3, 'c1');
    const newest = await sql<{ id: string }>`SELECT id FROM quotes ORDER BY created_at DESC, id DESC`.execute(db);
    expect(newest.rows.map((r) => r.id)).toEqual(['q3', 'q2', 'q1']);

    if (kind === 'postgres') await sql`SET enable_seqscan = off`.execute(db);
    const plan = async (query: string) => {
      const { rows } = await sql.raw(`${kind === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${query}`).execute(db);
      return JSON.stringify(rows);
    };
    const order = 'ORDER BY created_at DESC, id DESC LIMIT 10';
    expect(await plan(`SELECT id FROM quotes ${order}`)).toMatch(/quotes_created_id/);
    expect(await plan(`SELECT id FROM quotes WHERE user_id = 'u1' ${order}`)).toMatch(/quotes_user_created_id/);
    expect(await plan(`SELECT id FROM quotes WHERE company_id = 'c1' AND user_id <> 'u2' ${order}`)).toMatch(
      /quotes_company_created_id/,
    );
    expect(await plan(`SELECT id FROM quotes WHERE status = 'requested' ${order}`)).toMatch(/quotes_status_created_id/);
    // The expiry job's walk (repository.ts dueToExpire).
    const due = `SELECT id FROM quotes WHERE status = 'offered' AND valid_until <= '2026-02-01' ORDER BY valid_until`;
    expect(await plan(due)).toMatch(/quotes_offered_valid/);
    if (kind === 'postgres') await sql`SET enable_seqscan = on`.execute(db);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
