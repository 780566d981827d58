// Group commit for SQLite's hottest write (ADR 008): the writes asked for in one turn of the event loop run in one
// transaction. A SQLite commit costs mostly the pages it writes to the WAL, and orders placed together share most of
// their pages (the product's, the buyer's, the tails of the orders table and its indexes), so a batch writes each
// shared page once instead of once per order. Every caller still gets its own outcome.
//
// Each call is planned (reads and decisions; a refusal throws having written nothing), then written. So a refusal
// needs no savepoint to undo it: savepoints made SQLite copy every page a call touched into its sub-journal, which
// spilled to a temporary file past 64 KiB and cost a third of the order path (bench/results/history.md). Only when a batch
// fails as a whole (a write, the batch's finish or the commit threw) does it run again with a savepoint per call, so
// that each call gets its own outcome then too.
//
// A batch may also share writes: what its calls only add to (a counter, a stock figure) can be kept in memory by the
// batch, which each call's plan reads through, and written once by `finish` after the last call, instead of one
// statement per call.
import type { OpenDatabase, SqliteHandle } from './create-db.js';
import { onSqliteConnection } from './create-db.js';

/** What `plan` decided: the caller's answer, and the writes that make it true. */
export interface PlannedWrite<R> {
  value: R;
  /** Writes what was decided; throws only when the database fails. */
  write: () => void;
}

interface Job<A extends unknown[], R> {
  args: A;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** One transaction's calls: made by `begin` at the start of each batch (and of each call run alone after a failure). */
export interface Batch<A extends unknown[], R> {
  /** Reads and decides one call; throws to refuse it without having written anything. */
  plan: (...args: A) => PlannedWrite<R>;
  /** Writes what the batch's calls share, once, after the last call's write; throws only when the database fails. */
  finish?: () => void;
}

/**
 * `begin` makes a batch whose `plan` runs synchronously inside the transaction. The returned function queues a call
 * and settles it once the batch holding it has committed (or failed to: then every call of that batch fails with the
 * commit's error and nothing of the batch is written).
 */
export function groupCommit<A extends unknown[], R>(
  database: OpenDatabase,
  handle: SqliteHandle,
  begin: () => Batch<A, R>,
): (...args: A) => Promise<R> {
  const sqlite = handle.database;
  const outcomeOf = <T>(run: () => T): Outcome<T> => {
    try {
      return { ok: true, value: run() };
    } catch (error) {
      // An error SQLite answered by rolling back the whole transaction (disk full, I/O) leaves no batch to go on
      // with: fail all of it.
      if (!sqlite.inTransaction) throw error;
      return { ok: false, error };
    }
  };
  // The usual case: a refusal wrote nothing, so the calls share the transaction with no savepoints. A throw from a
  // write escapes and rolls the whole batch back.
  const planned = sqlite.transaction((jobs: Array<Job<A, R>>): Array<Outcome<R>> => {
    const batch = begin();
    const outcomes: Array<Outcome<R>> = [];
    for (const job of jobs) {
      const outcome = outcomeOf(() => batch.plan(...job.args));
      if (outcome.ok) outcome.value.write();
      outcomes.push(outcome.ok ? { ok: true, value: outcome.value.value } : outcome);
    }
    batch.finish?.();
    return outcomes;
  });
  // After a failed batch: each call in a savepoint of its own (better-sqlite3 runs a transaction function called
  // inside another as a SAVEPOINT and rolls back to it on a throw), a batch of one, so only the call whose write
  // failed fails.
  const each = sqlite.transaction((...args: A): R => {
    const batch = begin();
    const { value, write } = batch.plan(...args);
    write();
    batch.finish?.();
    return value;
  });
  const careful = sqlite.transaction((jobs: Array<Job<A, R>>) => jobs.map((job) => outcomeOf(() => each(...job.args))));

  let queue: Array<Job<A, R>> = [];
  const flush = () => {
    const jobs = queue;
    queue = [];
    let outcomes: Array<Outcome<R>>;
    try {
      outcomes = planned(jobs);
    } catch {
      try {
        outcomes = careful(jobs);
      } catch (error) {
        for (const job of jobs) job.reject(error);
        return;
      }
    }
    outcomes.forEach((outcome, i) => {
      const job = jobs[i];
      if (!job) return;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  };
  // setImmediate runs after the event loop has read every request that was waiting, so those requests share a batch;
  // the batch then waits for Kysely's one connection, so it never lands inside another query's open transaction.
  const schedule = () =>
    setImmediate(() => {
      onSqliteConnection(database, flush).catch((error: unknown) => {
        // No connection (the database is closing): the queued calls fail rather than wait for ever.
        const jobs = queue;
        queue = [];
        for (const job of jobs) job.reject(error);
      });
    });

  return (...args: A) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ args, resolve, reject });
      if (queue.length === 1) schedule();
    });
}
