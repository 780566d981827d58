// SQL of the mail outbox. A row is inserted in the caller's transaction (either dialect's way: a Kysely transaction,
// or a statement run inside a synchronous better-sqlite3 transaction); delivery claims one due row at a time under a
// lease, then marks it sent, reschedules it or marks it failed.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { OpenDatabase, SqliteHandle } from '../../infra/db/create-db.js';
import type { Database, MailOutboxTable, MailStatus } from '../../infra/db/schema.js';
import { claimDue as claimOutbox, type Claim } from '../../infra/db/outbox-claim.js';

export type MailRow = Selectable<MailOutboxTable>;
export type NewMailRow = Insertable<MailOutboxTable>;

/** Inserts the row unless its dedupe key is taken; answers whether it did. `executor`: the Db or a transaction. */
export async function insertMail(executor: Kysely<Database>, row: NewMailRow): Promise<boolean> {
  const result = await executor
    .insertInto('mail_outbox')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The columns a new message fills (the others start null); the order writes insert the same ones. */
export const MAIL_COLUMNS = [
  'id',
  'dedupe_key',
  'kind',
  'to_address',
  'subject',
  'content',
  'message_id',
  'status',
  'attempts',
  'next_attempt_at',
  'created_at',
] as const;

/** A new row's values in MAIL_COLUMNS' order, with the defaults of the columns a caller may leave out. */
export function mailRowValues(row: NewMailRow): unknown[] {
  return MAIL_COLUMNS.map((c) => row[c] ?? (c === 'status' ? 'queued' : c === 'attempts' ? 0 : null));
}

/**
 * The same insert as a prepared better-sqlite3 statement, for a caller inside a synchronous SQLite transaction
 * (ADR 008's form of the order writes), where no Kysely query may run. Positional parameters: better-sqlite3 binds a
 * named one by looking its name up on the object, a string made and looked up per column and row.
 */
export function sqliteMailInsert(handle: SqliteHandle): (row: NewMailRow) => boolean {
  const statement = handle.prepare(
    `INSERT INTO mail_outbox (${MAIL_COLUMNS.join(', ')}) VALUES (${MAIL_COLUMNS.map(() => '?').join(', ')})
     ON CONFLICT (dedupe_key) DO NOTHING`,
  );
  return (row) => statement.run(mailRowValues(row)).changes === 1;
}

/** Takes the oldest `limit` due messages nobody holds (infra/db/outbox-claim.ts, the webhooks' way too). */
export function claimDue(database: OpenDatabase, claim: Claim, limit: number): Promise<MailRow[]> {
  return claimOutbox(database, 'mail_outbox', claim, limit);
}

/** Gives back claimed rows a run did not try (it stopped early), with the attempt their claim counted undone. */
export async function unclaim(db: Kysely<Database>, ids: string[], token: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ claimed_by: null, claimed_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', ids)
    .where('claimed_by', '=', token)
    .execute();
}

/**
 * Records the delivery, whoever holds the row now: it has been accepted, so it must never go out again. The content of a
 * message that held a live secret (a reset link) is blanked, so the table does not keep working links.
 */
export async function markSent(db: Kysely<Database>, ids: string[], at: string, blankContent: boolean): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'sent',
      sent_at: at,
      claimed_by: null,
      claimed_until: null,
      last_error: null,
      ...(blankContent ? { content: '' } : {}),
    })
    .where('id', 'in', ids)
    .where('status', '=', 'queued')
    .execute();
}

/** After a failed attempt: due again at `next`, or failed for good; only by the claim's holder. */
export async function releaseAfterFailure(
  db: Kysely<Database>,
  id: string,
  token: string,
  outcome: { status: Extract<MailStatus, 'queued' | 'failed'>; next: string; error: string },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: outcome.status,
      next_attempt_at: outcome.next,
      last_error: outcome.error,
      claimed_by: null,
      claimed_until: null,
    })
    .where('id', '=', id)
    .where('claimed_by', '=', token)
    .execute();
}

/** How many messages wait (queued) and how many were given up (failed): the mail queue depth. */
export async function countWaiting(db: Kysely<Database>): Promise<{ queued: number; failed: number }> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('status', 'in', ['queued', 'failed'])
    .groupBy('status')
    .execute();
  const of = (status: MailStatus) => Number(rows.find((r) => r.status === status)?.count ?? 0);
  return { queued: of('queued'), failed: of('failed') };
}
