// The one "transaction, then wake" of a change that reports events (B2B §9): the change, its events and its mail are
// written in one transaction, and only after the commit is webhook delivery woken, if an endpoint wanted an event.
// The caller wakes its mail outbox itself once it knows it queued a message (a refused change queues none).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

export interface EventRecorder<A extends unknown[]> {
  /** Writes the event in the transaction; answers whether an endpoint wanted it (delivery must then be woken). */
  record: (trx: Transaction<Database>, ...event: A) => Promise<boolean>;
  /** Wakes webhook delivery: called once after the commit when any recorded event was wanted. */
  wake: () => void;
}

/** Runs `work` in one transaction, handing it `record(...event)` for each event it reports; wakes delivery after. */
export async function transactionWithEvents<T, A extends unknown[]>(
  db: Kysely<Database>,
  events: EventRecorder<A>,
  work: (trx: Transaction<Database>, record: (...event: A) => Promise<void>) => Promise<T>,
): Promise<T> {
  let wanted = false;
  const result = await db.transaction().execute((trx) =>
    work(trx, async (...event) => {
      if (await events.record(trx, ...event)) wanted = true;
    }),
  );
  if (wanted) events.wake();
  return result;
}
