// A heavy read with a time budget, on either database (docs/architecture.md, "No request holds the event loop"). On
// SQLite it runs in the reader process (off-loop-reader.ts), which is killed past the budget; on PostgreSQL the server
// cancels it (a pool whose connections carry the budget as their statement_timeout: create-db.ts, TimedPools). Either
// way the caller gets ReadBudgetExceeded.
import type { CompiledQuery } from 'kysely';
import { AppError } from '../errors.js';
import type { OpenDatabase } from './create-db.js';
import { ReadBudgetExceeded, ReadStopped } from './off-loop-reader.js';

export { ReadBudgetExceeded, ReadStopped } from './off-loop-reader.js';

/** PostgreSQL's query_canceled, which statement_timeout raises. */
const QUERY_CANCELED = '57014';

const isCanceled = (error: unknown) => error instanceof Error && 'code' in error && error.code === QUERY_CANCELED;

/** The rows of a read-only query, or ReadBudgetExceeded once it has run `budgetMs`. Rows come back unchecked. */
export async function boundedRead(database: OpenDatabase, query: CompiledQuery, budgetMs: number): Promise<unknown[]> {
  if (database.reader) return database.reader.read(query.sql, query.parameters, budgetMs);
  if (!database.timedPools) throw new Error('no bounded reads on this database');
  try {
    const result = await database.timedPools.pool(Math.max(1, Math.round(budgetMs))).query({
      text: query.sql,
      values: [...query.parameters],
    });
    return result.rows;
  } catch (error) {
    if (isCanceled(error)) throw new ReadBudgetExceeded(budgetMs);
    throw error;
  }
}

/**
 * A bounded read's failures as the API answers them, for the services that make such reads: past its budget, 503 with
 * the caller's code and message (one of BUDGET_EXCEEDED's, which the storefront does not retry); stopped because the
 * server is closing, 503 `unavailable`.
 */
export async function withinBudget<T>(read: Promise<T>, overBudget: { code: string; message: string }): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ReadBudgetExceeded) throw new AppError(503, overBudget.code, overBudget.message);
    if (error instanceof ReadStopped)
      throw new AppError(503, 'unavailable', 'The shop is restarting; please try again.');
    throw error;
  }
}
