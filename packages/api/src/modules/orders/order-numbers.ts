// Order numbers (B2B §11): SO-{year}-{000001}, unique and in creation order; unlike invoice numbers they may skip.
// Each calendar year (UTC, of the order's creation) counts from 1 again: the counter has one row per year, so the
// first order of a new year simply starts that year's row.
//
// SQLite takes the next number inside the order's own write (placing/sqlite-write-repository.ts), so a refused order gives it
// back. PostgreSQL must not serialize every order on one counter row: each instance reserves a block of numbers with
// one short statement of its own and hands them out in memory, in the order the orders were created (the write
// itself gains no statement and no lock). A restart or a refused order leaves the rest of a block unused: a skip.
import type { Db } from '../../infra/db/create-db.js';
import { reserveOrderNumbers } from './order-number-repository.js';

export function formatOrderNumber(year: number, sequence: number): string {
  return `SO-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The calendar year (UTC) an ISO timestamp falls in: the year whose count the order's number belongs to. */
export function numberYearOf(createdAt: string): number {
  return new Date(createdAt).getUTCFullYear();
}

/** Numbers reserved per statement on PostgreSQL: a refill every 32 orders; a restart skips what was reserved. */
export const ORDER_NUMBER_BLOCK = 32;

export type NextOrderNumber = (year: number) => Promise<string>;

/**
 * The PostgreSQL allocator: answers numbers in the order it is called (callers call it as they create the order's
 * id, so number order follows id order), from blocks reserved in the year's counter. The next block is asked for
 * while half of the current one is left, so orders seldom wait for a refill (which queues for a pool connection
 * behind the orders in flight); an unused block (a restart, a new year) is a skip.
 */
export function createOrderNumberBlocks(
  reserve: (year: number, size: number) => Promise<number>,
  size = ORDER_NUMBER_BLOCK,
): NextOrderNumber {
  let year = 0;
  let next = 1;
  let last = 0;
  let ahead: { year: number; end: Promise<number> } | null = null;
  let tail: Promise<unknown> = Promise.resolve();

  function reserveAhead(wanted: number): void {
    const end = reserve(wanted, size);
    // Awaited when the block is needed; until then a failure must not be an unhandled rejection.
    end.catch(() => undefined);
    ahead = { year: wanted, end };
  }

  async function takeOne(wanted: number): Promise<string> {
    if (wanted !== year || next > last) {
      const pending = ahead !== null && ahead.year === wanted ? ahead.end : reserve(wanted, size);
      ahead = null;
      const end = await pending;
      year = wanted;
      next = end - size + 1;
      last = end;
    }
    const number = formatOrderNumber(year, next++);
    if (ahead === null && last - next + 1 <= size / 2) reserveAhead(year);
    return number;
  }
  return (wanted) => {
    // One after another: a caller waiting for a refill keeps its place ahead of later callers.
    const taken = tail.then(() => takeOne(wanted));
    tail = taken.catch(() => undefined);
    return taken;
  };
}

export function postgresOrderNumbers(db: Db): NextOrderNumber {
  return createOrderNumberBlocks((year, size) => reserveOrderNumbers(db, year, size));
}
