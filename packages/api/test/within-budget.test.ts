// The one translation of a bounded read's failures into answers (infra/db/bounded-read.ts), which the catalogue's
// search and the admin's figures share: past the budget, 503 with the caller's code (one the storefront does not
// retry); stopped by a closing server, 503 unavailable; anything else passes through unchanged.
import { BUDGET_EXCEEDED, BUDGET_EXCEEDED_CODES } from '@kestrel/shared';
import { describe, expect, it } from 'vitest';
import { ReadBudgetExceeded, ReadStopped, withinBudget } from '../src/infra/db/bounded-read.js';
import { AppError } from '../src/infra/errors.js';

const overBudget = { code: BUDGET_EXCEEDED.stats, message: 'These figures took too long' };

describe('withinBudget', () => {
  it('answers a read past its budget with 503 and the caller’s code', async () => {
    const error = await withinBudget(Promise.reject(new ReadBudgetExceeded(5000)), overBudget).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 503, code: 'stats_timeout', message: 'These figures took too long' });
    expect(BUDGET_EXCEEDED_CODES).toEqual(['search_timeout', 'stats_timeout']);
  });

  it('answers a read stopped by a closing server with 503 unavailable, and passes other failures and rows on', async () => {
    await expect(withinBudget(Promise.reject(new ReadStopped()), overBudget)).rejects.toMatchObject({
      statusCode: 503,
      code: 'unavailable',
      message: 'The shop is restarting; please try again.',
    });
    const other = new Error('disk full');
    await expect(withinBudget(Promise.reject(other), overBudget)).rejects.toBe(other);
    await expect(withinBudget(Promise.resolve([1, 2]), overBudget)).resolves.toEqual([1, 2]);
  });
});
