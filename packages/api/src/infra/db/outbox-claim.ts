// The one way a delivery run claims outbox rows, for both outboxes (the mail outbox, the webhook messages): the
// oldest due rows that nobody holds are leased to the run in one statement, each counting an attempt. On PostgreSQL
// the rows are picked with FOR UPDATE SKIP LOCKED, so runs on several instances take different rows without waiting
// for each other; SQLite runs one writing statement at a time, so the conditional UPDATE alone is enough.
import type { Expression, Kysely, Selectable, SqlBool } from 'kysely';
import { codeOrder } from '../code-order.js';
import type { OpenDatabase } from './create-db.js';
import type { Database } from './schema.js';

export interface Claim {
  /** Names this claim; only its holder may reschedule, fail or finish the row. */
  token: string;
  now: string;
  /** The lease: after this another run may take the row (its holder is presumed dead). */
  until: string;
}

export type OutboxTable = 'mail_outbox' | 'webhook_messages';

/** The columns every outbox has, by which a row is claimed. */
interface OutboxColumns {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
}

/**
 * Leases the oldest `limit` due rows of `table` nobody holds to `claim`, oldest first. `also`: a further condition on
 * the rows (the webhooks' "of an enabled endpoint").
 */
export async function claimDue<T extends OutboxTable>(
  { db, sqlite }: OpenDatabase,
  table: T,
  claim: Claim,
  limit: number,
  also?: Expression<SqlBool>,
): Promise<Array<Selectable<Database[T]>>> {
  // Both tables have the claim's columns; the query is written once over them, by name.
  const outbox = db as unknown as Kysely<Record<string, OutboxColumns>>;
  const name: string = table;
  const rows = await outbox
    .updateTable(name)
    .set((eb) => ({ claimed_by: claim.token, claimed_until: claim.until, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) => {
      let due = eb
        .selectFrom(name)
        .select('id')
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', claim.now)
        .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', claim.now)]));
      if (also) due = due.where(also);
      const oldest = due.orderBy('next_attempt_at').orderBy('id').limit(limit);
      return sqlite ? oldest : oldest.forUpdate().skipLocked();
    })
    .returningAll()
    .execute();
  rows.sort((a, b) => codeOrder(a.next_attempt_at, b.next_attempt_at) || codeOrder(a.id, b.id));
  return rows as unknown as Array<Selectable<Database[T]>>;
}
