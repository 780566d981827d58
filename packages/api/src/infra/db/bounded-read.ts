// A heavy read with a time budget, on either database (docs/architecture.md, "No request holds the event loop"). On
// SQLite it runs in the reader process (off-loop-reader.ts), which is killed past the budget; on PostgreSQL the server
// cancels it (statement_timeout, set for this transaction only). Either way the caller gets ReadBudgetExceeded.
import { sql, type CompiledQuery } from 'kysely';
import type { OpenDatabase } from './create-db.js';
import { ReadBudgetExceeded } from './off-loop-reader.js';

export { ReadBudgetExceeded, ReadStopped } from './off-loop-reader.js';

/** PostgreSQL's query_canceled, which statement_timeout raises. */
const QUERY_CANCELED = '57014';

const isCanceled = (error: unknown) => error instanceof Error && 'code' in error && error.code === QUERY_CANCELED;

/** The rows of a read-only query, or ReadBudgetExceeded once it has run `budgetMs`. Rows come back unchecked. */
export async function boundedRead(database: OpenDatabase, query: CompiledQuery, budgetMs: number): Promise<unknown[]> {
  if (database.reader) return database.reader.read(query.sql, query.parameters, budgetMs);
  try {
    return await database.db.transaction().execute(async (trx) => {
      await sql.raw(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(budgetMs))}`).execute(trx);
      return (await trx.executeQuery(query)).rows;
    });
  } catch (error) {
    if (isCanceled(error)) throw new ReadBudgetExceeded(budgetMs);
    throw error;
  }
}
