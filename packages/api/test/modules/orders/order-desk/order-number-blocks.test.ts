// The PostgreSQL allocator of order numbers on its own: numbers in call order even while a refill is under way, a
// new year starts that year's counter, and a failed refill fails only its callers.
import { describe, expect, it } from 'vitest';
import { createOrderNumberBlocks, formatOrderNumber } from '../../../../src/modules/orders/order-numbers.js';

describe('order number blocks', () => {
  it('answers callers in call order across refills and restarts the count in a new year', async () => {
    const counters = new Map<number, number>();
    const reserved: Array<[number, number]> = [];
    const next = createOrderNumberBlocks(async (year, size) => {
      // A slow refill: later callers queue behind it.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const last = (counters.get(year) ?? 0) + size;
      counters.set(year, last);
      reserved.push([year, last]);
      return last;
    }, 3);
    const first = await Promise.all([2026, 2026, 2026, 2026, 2026].map((y) => next(y)));
    expect(first).toEqual(['SO-2026-000001', 'SO-2026-000002', 'SO-2026-000003', 'SO-2026-000004', 'SO-2026-000005']);
    expect(await Promise.all([next(2027), next(2027)])).toEqual(['SO-2027-000001', 'SO-2027-000002']);
    // Each next block is asked for once half of the current one is used; 2026's third block goes unused (a skip).
    expect(reserved).toEqual([
      [2026, 3],
      [2026, 6],
      [2026, 9],
      [2027, 3],
    ]);
  });

  it('fails the callers of a failed refill and refills again for the next', async () => {
    let fail = true;
    let last = 0;
    const next = createOrderNumberBlocks(async (_year, size) => {
      if (fail) throw new Error('database down');
      last += size;
      return last;
    }, 4);
    await expect(next(2026)).rejects.toThrow('database down');
    fail = false;
    expect(await next(2026)).toBe('SO-2026-000001');
    // Half the block used: the next is asked for ahead, and fails; the caller that needs it is told, the next
    // caller reserves again.
    fail = true;
    expect(await Promise.all([next(2026), next(2026), next(2026)])).toEqual([
      'SO-2026-000002',
      'SO-2026-000003',
      'SO-2026-000004',
    ]);
    await expect(next(2026)).rejects.toThrow('database down');
    fail = false;
    expect(await next(2026)).toBe('SO-2026-000005');
  });

  it('pads to six digits and grows past them', () => {
    expect(formatOrderNumber(2026, 7)).toBe('SO-2026-000007');
    expect(formatOrderNumber(2026, 1_234_567)).toBe('SO-2026-1234567');
  });
});
