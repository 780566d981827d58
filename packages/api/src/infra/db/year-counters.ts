// The per-year counters of gap-free numbers (B2B §6, §10, §11): one mechanism for every document number, whichever
// module gives it: invoices and credit notes (modules/billing), quotes (modules/quotes). Each counter is its own table
// (migrations 008, 017, 022), a row per year.
import type { Transaction } from 'kysely';
import type { Database } from './schema.js';

/** The per-year counters of gap-free numbers: invoices (B2B §6), credit notes (§11), quotes (§10), returns (§14). */
export type CounterTable = 'invoice_counters' | 'credit_note_counters' | 'quote_counters' | 'return_counters';

/**
 * Takes the next number of `year` from `counter` in one statement on both dialects: the year's row is inserted with
 * 1, or its last number goes up by one. The upsert locks the row until the caller's transaction ends, so concurrent
 * callers take consecutive numbers, and a rollback returns the number (no gap).
 */
export async function takeNextNumber(trx: Transaction<Database>, counter: CounterTable, year: number): Promise<number> {
  const row = await trx
    .insertInto(counter)
    .values({ year, last_number: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet((eb) => ({ last_number: eb(`${counter}.last_number`, '+', 1) })))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}
