// Group commit for SQLite's hottest write (ADR 004): the writes asked for in one turn of the event loop run in one
// transaction, each in a savepoint of its own. A SQLite commit costs mostly the pages it writes to the WAL, and orders
// placed together share most of their pages (the product's, the buyer's, the tails of the orders table and its
// indexes), so a batch writes each shared page once instead of once per order. Every caller still gets its own
// outcome: a write that throws rolls back only its savepoint; the others commit.
import type { OpenDatabase, SqliteHandle } from './create-db.js';
import { onSqliteConnection } from './create-db.js';

interface Job<A extends unknown[], R> {
  args: A;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * `work` runs synchronously inside a transaction and answers, or throws to refuse; the returned function queues a
 * call and settles it once the batch holding it has committed (or failed to: then every call of that batch fails with
 * the commit's error and nothing of the batch is written).
 */
export function groupCommit<A extends unknown[], R>(
  database: OpenDatabase,
  handle: SqliteHandle,
  work: (...args: A) => R,
): (...args: A) => Promise<R> {
  const sqlite = handle.database;
  // Called inside the batch's transaction, better-sqlite3 runs it as a SAVEPOINT and rolls back to it on a throw.
  const each = sqlite.transaction(work);
  const batch = sqlite.transaction((jobs: Array<Job<A, R>>): Array<Outcome<R>> =>
    jobs.map((job) => {
      try {
        return { ok: true, value: each(...job.args) };
      } catch (error) {
        // An error SQLite answered by rolling back the whole transaction (disk full, I/O) leaves no batch to go on
        // with: fail all of it. A refusal rolled back only its own savepoint.
        if (!sqlite.inTransaction) throw error;
        return { ok: false, error };
      }
    }),
  );

  let queue: Array<Job<A, R>> = [];
  const flush = () => {
    const jobs = queue;
    queue = [];
    let outcomes: Array<Outcome<R>>;
    try {
      outcomes = batch(jobs);
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
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
