// SQL of the audit trail (migration 033). Only inserts and reads: no statement here updates or deletes an entry.
// Every read is one index range walked newest first (the migration's (column, id) indexes; from/to are id bounds).
import type { Transaction } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { AuditEntriesTable, Database } from '../../infra/db/schema.js';

export type AuditRow = AuditEntriesTable;
type Executor = Db | Transaction<Database>;

export async function insertEntry(db: Executor, row: AuditRow): Promise<void> {
  await db.insertInto('audit_entries').values(row).execute();
}

/** Many rows in one statement per chunk (the bench and the volume test fill a million this way). */
export async function insertEntries(db: Executor, rows: AuditRow[]): Promise<void> {
  // 12 columns: 80 rows stay under SQLite's 999 bound parameters of older builds, and PostgreSQL's 65,535.
  for (let i = 0; i < rows.length; i += 80)
    await db
      .insertInto('audit_entries')
      .values(rows.slice(i, i + 80))
      .execute();
}

export interface AuditFilter {
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Ids at or after this one (the first id of `from`'s millisecond). */
  fromId?: string;
  /** Ids before this one (the first id of the millisecond after `to`). */
  beforeId?: string;
}

function filtered(db: Db, f: AuditFilter) {
  let query = db.selectFrom('audit_entries');
  if (f.actorId !== undefined) query = query.where('actor_id', '=', f.actorId);
  if (f.action !== undefined) query = query.where('action', '=', f.action);
  if (f.targetType !== undefined) query = query.where('target_type', '=', f.targetType);
  if (f.targetId !== undefined) query = query.where('target_id', '=', f.targetId);
  if (f.fromId !== undefined) query = query.where('id', '>=', f.fromId);
  if (f.beforeId !== undefined) query = query.where('id', '<', f.beforeId);
  return query;
}

export function pageOfEntries(db: Db, f: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
  return filtered(db, f).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** How many entries match, counted up to `cap` + 1 (the same index range as the page, never the whole table). */
export async function countEntries(db: Db, f: AuditFilter, cap: number): Promise<number> {
  const row = await db
    .selectFrom(
      filtered(db, f)
        .select('id')
        .limit(cap + 1)
        .as('matching'),
    )
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A person's user id by e-mail (the actor filter takes an e-mail too). */
export async function userIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}
