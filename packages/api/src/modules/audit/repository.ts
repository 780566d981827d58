// SQL of the audit trail (migration 033). Only inserts and reads: no statement here updates or deletes an entry.
// Every read is one index range walked newest first (the migration's (column, id) indexes; from/to are id bounds),
// a page's rows then read by primary key.
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
  /** A person's e-mail, read as their user id inside the same statement. */
  actorEmail?: string;
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
  const email = f.actorEmail;
  if (email !== undefined) {
    query = query.where('actor_id', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', email));
  }
  if (f.action !== undefined) query = query.where('action', '=', f.action);
  if (f.targetType !== undefined) query = query.where('target_type', '=', f.targetType);
  if (f.targetId !== undefined) query = query.where('target_id', '=', f.targetId);
  if (f.fromId !== undefined) query = query.where('id', '>=', f.fromId);
  if (f.beforeId !== undefined) query = query.where('id', '<', f.beforeId);
  return query;
}

type OrderColumn = 'target_id' | 'actor_id' | 'action' | 'target_type' | 'id';

/**
 * The order that names the index to walk: the filter's equality columns, then id, all descending. Equal to "newest
 * first" under those filters, and it lets a planner take only the index that holds that order (PostgreSQL walked the
 * primary key and filtered for a person: 83 ms to page 100 at 1,000,000 entries). The most selective filter leads.
 */
function indexOrder(f: AuditFilter): OrderColumn[] {
  if (f.targetId !== undefined) return ['target_id', 'id'];
  const actor = f.actorId !== undefined || f.actorEmail !== undefined;
  if (actor && f.action !== undefined) return ['actor_id', 'action', 'id'];
  if (actor) return ['actor_id', 'id'];
  if (f.action !== undefined) return ['action', 'id'];
  if (f.targetType !== undefined) return ['target_type', 'id'];
  return ['id'];
}

/** How many entries match, counted up to `cap` + 1 (the same index range as the page, never the whole table). */
function countUpTo(db: Db, f: AuditFilter, cap: number) {
  return db
    .selectFrom(
      indexOrder(f)
        .reduce((query, column) => query.orderBy(column, 'desc'), filtered(db, f).select('id'))
        .limit(cap + 1)
        .as('matching'),
    )
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'));
}

/**
 * A page newest first and the capped count, in one statement (one round trip: the count is an uncorrelated scalar
 * subquery, run once). The page is read ids first: the skipped entries of a deep page are walked in the filter's
 * index alone (it holds id), and only the page's own rows are read from the table. Reading whole rows through the
 * offset cost a table fetch per skipped entry (PostgreSQL: 18.8-48.5 ms for page 100 of a person at 1,000,000
 * entries). An empty page past the first carries no count: countEntries then asks for it alone.
 */
export async function pageOfEntries(
  db: Db,
  f: AuditFilter,
  limit: number,
  offset: number,
  cap: number,
): Promise<{ rows: AuditRow[]; count: number | undefined }> {
  const pageIds = indexOrder(f)
    .reduce((query, column) => query.orderBy(column, 'desc'), filtered(db, f).select('id'))
    .limit(limit)
    .offset(offset);
  // Every entry of the page shares the filter's equality columns, so id alone orders it as the index did.
  const found = await db
    .selectFrom('audit_entries')
    .selectAll()
    .select(() => countUpTo(db, f, cap).as('matching'))
    .where('id', 'in', pageIds)
    .orderBy('id', 'desc')
    .execute();
  const first = found[0];
  const rows = found.map(({ matching: _matching, ...row }) => row);
  return { rows, count: first ? Number(first.matching) : offset === 0 ? 0 : undefined };
}

export async function countEntries(db: Db, f: AuditFilter, cap: number): Promise<number> {
  const row = await countUpTo(db, f, cap).executeTakeFirstOrThrow();
  return Number(row.n);
}
