// SQL of the webhooks outbox: one row per event and endpoint, inserted in the transaction of the change it reports
// (a Kysely transaction, a statement inside a synchronous better-sqlite3 transaction, or a CTE of the PostgreSQL order
// statement), then claimed under a lease by a delivery run as mail is (modules/mail/outbox-repository.ts), so two
// instances never hold the same attempt; each attempt is logged in webhook_attempts.
import { sql, type Insertable, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { OpenDatabase, SqliteHandle } from '../../infra/db/create-db.js';
import type { Database, WebhookAttemptsTable, WebhookMessagesTable } from '../../infra/db/schema.js';
import { claimDue as claimOutbox, type Claim } from '../../infra/db/outbox-claim.js';

export type MessageRow = Selectable<WebhookMessagesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;
type NewMessageRow = Insertable<WebhookMessagesTable>;

/** One event for the endpoints subscribed to it, ready to be written with the change it reports. */
export interface EventBatch {
  eventId: string;
  type: string;
  body: string;
  /** The event's time: its rows are due at once. */
  at: string;
  endpointIds: string[];
  /** One per endpoint, in the same order. */
  messageIds: string[];
}

function rowsOf(batch: EventBatch): NewMessageRow[] {
  return batch.endpointIds.map((endpointId, i) => ({
    id: batch.messageIds[i] ?? '',
    event_id: batch.eventId,
    endpoint_id: endpointId,
    type: batch.type,
    body: batch.body,
    next_attempt_at: batch.at,
    created_at: batch.at,
  }));
}

export async function insertEvent(executor: Kysely<Database>, batch: EventBatch): Promise<void> {
  if (batch.endpointIds.length === 0) return;
  await executor.insertInto('webhook_messages').values(rowsOf(batch)).execute();
}

const COLUMNS = ['id', 'event_id', 'endpoint_id', 'type', 'body', 'next_attempt_at', 'created_at'] as const;

/**
 * The same insert for a caller inside a synchronous SQLite transaction (the order write, ADR 008): one multi-row
 * statement per event, prepared once per number of endpoints.
 */
export function sqliteEventInsert(handle: SqliteHandle): (batch: EventBatch) => void {
  const statements = new Map<number, ReturnType<SqliteHandle['prepare']>>();
  return (batch) => {
    const rows = rowsOf(batch);
    if (rows.length === 0) return;
    let statement = statements.get(rows.length);
    if (!statement) {
      const one = `(${COLUMNS.map(() => '?').join(', ')})`;
      statement = handle.prepare(
        `INSERT INTO webhook_messages (${COLUMNS.join(', ')}) VALUES ${rows.map(() => one).join(', ')}`,
      );
      statements.set(rows.length, statement);
    }
    statement.run(rows.flatMap((row) => COLUMNS.map((c) => row[c])));
  };
}

/**
 * A CTE that inserts an event's rows as part of a PostgreSQL statement (the order write), only when `gate` (an SQL
 * boolean of that statement) holds. Its parameters start at `$first`: see `eventParameters`.
 */
export function eventInsertCte(first: number, gate: string): string {
  const p = (i: number) => `$${first + i}`;
  return `hooked AS (
      INSERT INTO webhook_messages (${COLUMNS.join(', ')})
      SELECT w.id, ${p(2)}, w.endpoint_id, ${p(3)}, ${p(4)}, ${p(5)}, ${p(5)}
      FROM unnest(${p(0)}::varchar[], ${p(1)}::varchar[]) AS w(id, endpoint_id)
      WHERE ${gate}
    )`;
}

export function eventParameters(batch: EventBatch): unknown[] {
  return [batch.messageIds, batch.endpointIds, batch.eventId, batch.type, batch.body, batch.at];
}

/** Takes the oldest `limit` due rows of enabled endpoints nobody holds (infra/db/outbox-claim.ts, as mail does). */
export function claimDue(database: OpenDatabase, claim: Claim, limit: number): Promise<MessageRow[]> {
  const enabled = sql<SqlBool>`endpoint_id IN (SELECT id FROM webhook_endpoints WHERE enabled = 1)`;
  return claimOutbox(database, 'webhook_messages', claim, limit, enabled);
}

/** Claims one row by id (a ping, sent at once). */
export async function claimOne(db: Kysely<Database>, id: string, claim: Claim): Promise<MessageRow | undefined> {
  return db
    .updateTable('webhook_messages')
    .set((eb) => ({ claimed_by: claim.token, claimed_until: claim.until, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}

/** An attempt's outcome: logged, and the row delivered, due again at `next`, or failed; only by the claim's holder. */
export async function recordAttempt(
  db: Kysely<Database>,
  row: MessageRow,
  token: string,
  outcome: { status: number | null; error: string | null; at: string; next: string | null; delivered: boolean },
  logId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_messages')
    .set({
      status: outcome.delivered ? 'delivered' : outcome.next ? 'queued' : 'failed',
      next_attempt_at: outcome.next ?? row.next_attempt_at,
      finished_at: outcome.next ? null : outcome.at,
      claimed_by: null,
      claimed_until: null,
    })
    .where('id', '=', row.id)
    .where('claimed_by', '=', token)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db
    .insertInto('webhook_attempts')
    .values({
      id: logId,
      endpoint_id: row.endpoint_id,
      event_id: row.event_id,
      type: row.type,
      attempt: row.attempts,
      status: outcome.status,
      error: outcome.error,
      at: outcome.at,
      next_attempt_at: outcome.next,
    })
    .execute();
  return true;
}

/**
 * Delivered attempts of one claim, in two statements whatever their number: the rows still held by `token` become
 * delivered, and their attempts are logged. Answers the ids it recorded.
 */
export async function recordDelivered(
  db: Kysely<Database>,
  rows: MessageRow[],
  token: string,
  attempt: { at: string; statusOf: (id: string) => number; logIds: string[] },
): Promise<string[]> {
  if (rows.length === 0) return [];
  const done = await db
    .updateTable('webhook_messages')
    .set({ status: 'delivered', finished_at: attempt.at, claimed_by: null, claimed_until: null })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .where('claimed_by', '=', token)
    .returning('id')
    .execute();
  const recorded = new Set(done.map((r) => r.id));
  const logged = rows.filter((r) => recorded.has(r.id));
  if (logged.length > 0) {
    await db
      .insertInto('webhook_attempts')
      .values(
        logged.map((row, i) => ({
          id: attempt.logIds[i] ?? '',
          endpoint_id: row.endpoint_id,
          event_id: row.event_id,
          type: row.type,
          attempt: row.attempts,
          status: attempt.statusOf(row.id),
          error: null,
          at: attempt.at,
          next_attempt_at: null,
        })),
      )
      .execute();
  }
  return [...recorded];
}

/** The delivery log of an endpoint: its latest attempts, newest first. */
export function latestAttempts(db: Kysely<Database>, endpointId: string, limit: number): Promise<AttemptRow[]> {
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
