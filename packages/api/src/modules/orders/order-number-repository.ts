// SQL of the order-number counters (order-numbers.ts says how each dialect uses them).
import type { Db } from '../../infra/db/create-db.js';

/**
 * Reserves `size` numbers of `year` in one autocommitted statement (the year's row is created when missing) and
 * answers the last of them: the block is `last - size + 1` to `last`.
 */
export async function reserveOrderNumbers(db: Db, year: number, size: number): Promise<number> {
  const row = await db
    .insertInto('order_number_counters')
    .values({ year, last_number: size })
    .onConflict((oc) =>
      oc.column('year').doUpdateSet((eb) => ({ last_number: eb('order_number_counters.last_number', '+', size) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** The SQLite form, read while an order is decided: the year's last number (no row: none yet). */
export const SQLITE_LAST_ORDER_NUMBER = 'SELECT last_number FROM order_number_counters WHERE year = ?';

/** The SQLite form, written once by a batch of orders: the year's numbers it took (year, count, count). */
export const SQLITE_TAKE_ORDER_NUMBERS = `INSERT INTO order_number_counters (year, last_number) VALUES (?, ?)
  ON CONFLICT (year) DO UPDATE SET last_number = last_number + ? RETURNING last_number`;
