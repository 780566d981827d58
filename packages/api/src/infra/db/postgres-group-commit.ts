// Group commit for PostgreSQL's orders (ADR 008), beside SQLite's (sqlite-group-commit.ts). Every order updates its products' rows, and PostgreSQL holds a
// row's lock until the commit is flushed to disk: orders of one popular product are served one flush at a time,
// whatever the server does (the bench's "hot-row durable commits/s" is that ceiling). Here, orders that arrive while
// a write of their queue is in flight wait, and then go to PostgreSQL together as one statement: one flush, one round
// trip and one wake-up for all of them. An order of one line queues under its product; orders of several lines share
// one queue (modules/orders/placing/).
//
// The batch's statement is all or nothing: it places every order when the stock covers them all, the terms are the
// ones they were decided from and every buyer stays under the limit; otherwise it writes nothing, and each order is
// written on its own, refused or not on its own (as when it arrived alone).
import type pg from 'pg';

export type WriteOutcome = 'placed' | 'refused';

export interface QueuedWrite<Row> {
  /** The order written on its own: placed, or refused with nothing written. */
  alone: () => Promise<WriteOutcome>;
  /** What the batch's statement needs of the order; none when it cannot go in a batch (it carries a webhook event). */
  row?: Row;
}

interface Waiting<Row> extends QueuedWrite<Row> {
  resolve: (outcome: WriteOutcome) => void;
  reject: (error: unknown) => void;
}

/** Orders in one statement at most: bounds the statement's size and how long it holds its rows. */
export const MAX_BATCH = 32;

/** Orders of one queue written on their own at once (two keep a row busy while one commits). */
const ALONE_AT_ONCE = 2;

export type OrderBatches<Row> = (key: string, write: QueuedWrite<Row>) => Promise<WriteOutcome>;

/**
 * An error PostgreSQL answered for the statement itself: the statement wrote nothing, so its orders may be written
 * again. Any other failure (a dropped connection) may have come after the commit, so its orders are never retried.
 */
function isStatementError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'severity' in error && typeof error.severity === 'string';
}

/** `together(rows)` is the batch's statement: it answers one row `{ ok }`, true when it placed every order. */
export function createOrderBatches<Row>(
  pool: pg.Pool,
  together: (rows: Row[]) => pg.QueryConfig,
  maxBatch = MAX_BATCH,
): OrderBatches<Row> {
  const queues = new Map<string, Array<Waiting<Row>>>();

  async function alone(write: Waiting<Row>): Promise<void> {
    try {
      write.resolve(await write.alone());
    } catch (error) {
      write.reject(error);
    }
  }

  /** Answers whether the batch settled every order (false: it wrote nothing, each goes on its own). */
  async function batch(writes: Array<Waiting<Row>>): Promise<boolean> {
    const rows: Row[] = [];
    for (const write of writes) {
      if (write.row === undefined) return false;
      rows.push(write.row);
    }
    try {
      const answer = await pool.query<{ ok: boolean }>(together(rows));
      if (answer.rows[0]?.ok !== true) return false;
      for (const write of writes) write.resolve('placed');
      return true;
    } catch (error) {
      if (isStatementError(error)) return false;
      for (const write of writes) write.reject(error);
      return true;
    }
  }

  /** Writes the queue's waiting orders until none is left: one alone, then each group that gathered meanwhile. */
  async function drain(key: string, queue: Array<Waiting<Row>>): Promise<void> {
    while (queue.length > 0) {
      const writes = queue.splice(0, maxBatch);
      if (writes.length > 1 && (await batch(writes))) continue;
      for (let i = 0; i < writes.length; i += ALONE_AT_ONCE) {
        await Promise.all(writes.slice(i, i + ALONE_AT_ONCE).map(alone));
      }
    }
    queues.delete(key);
  }

  return (key, write) =>
    new Promise<WriteOutcome>((resolve, reject) => {
      const waiting: Waiting<Row> = { ...write, resolve, reject };
      const queue = queues.get(key);
      if (queue) {
        queue.push(waiting);
        return;
      }
      const started = [waiting];
      queues.set(key, started);
      void drain(key, started);
    });
}
