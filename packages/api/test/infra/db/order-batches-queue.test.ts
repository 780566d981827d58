// The queue of infra/db/postgres-group-commit.ts on its own, over a pool whose answers the test chooses: what happens to
// a batch's orders when its statement fails, and that one queue writes one batch at a time.
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createOrderBatches, type WriteOutcome } from '../../../src/infra/db/postgres-group-commit.js';

/** A pool whose batch statement answers `answer` (or throws it); `alone` writes are counted by the test itself. */
function poolAnswering(answer: () => Promise<{ rows: Array<{ ok: boolean }> }>) {
  const batches: number[] = [];
  const pool = {
    query: async (config: { values: number[] }) => {
      batches.push(config.values.length);
      return answer();
    },
  } as unknown as pg.Pool;
  return { pool, batches };
}

function orders(
  count: number,
  batchesOf: ReturnType<typeof createOrderBatches<number>>,
  alone: (i: number) => Promise<WriteOutcome>,
) {
  return Array.from({ length: count }, (_, i) => batchesOf('p1', { alone: () => alone(i), row: i }));
}

const together = (rows: number[]): pg.QueryConfig => ({ text: 'batch', values: rows });

describe('order batches', () => {
  it('writes the first order alone and the ones that gathered meanwhile as one batch', async () => {
    const { pool, batches } = poolAnswering(async () => ({ rows: [{ ok: true }] }));
    const alone: number[] = [];
    const written = orders(5, createOrderBatches(pool, together), async (i) => {
      alone.push(i);
      return 'placed';
    });
    expect(await Promise.all(written)).toEqual(Array(5).fill('placed'));
    expect(alone).toEqual([0]);
    expect(batches).toEqual([4]);
  });

  it('writes each order alone when the batch refuses, and keeps each answer', async () => {
    const { pool } = poolAnswering(async () => ({ rows: [{ ok: false }] }));
    const written = orders(4, createOrderBatches(pool, together), async (i) => (i % 2 === 0 ? 'placed' : 'refused'));
    expect(await Promise.all(written)).toEqual(['placed', 'refused', 'placed', 'refused']);
  });

  it("writes each order alone after PostgreSQL's own error (nothing of the batch was written)", async () => {
    const { pool } = poolAnswering(() => Promise.reject(Object.assign(new Error('deadlock'), { severity: 'ERROR' })));
    const alone: number[] = [];
    const written = orders(3, createOrderBatches(pool, together), async (i) => {
      alone.push(i);
      return 'placed';
    });
    expect(await Promise.all(written)).toEqual(['placed', 'placed', 'placed']);
    expect(alone.sort()).toEqual([0, 1, 2]);
  });

  it('never writes again an order whose batch failed without an answer (it may have been committed)', async () => {
    const { pool } = poolAnswering(() => Promise.reject(new Error('Connection terminated unexpectedly')));
    const alone: number[] = [];
    const written = orders(3, createOrderBatches(pool, together), async (i) => {
      alone.push(i);
      return 'placed';
    });
    const settled = await Promise.allSettled(written);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(alone).toEqual([0]);
  });

  it('writes an order that cannot go in a batch (it carries an event) and its batch-mates alone', async () => {
    const { pool, batches } = poolAnswering(async () => ({ rows: [{ ok: true }] }));
    const make = createOrderBatches(pool, together);
    const alone: number[] = [];
    const write = (i: number, row?: number) =>
      make('p1', {
        alone: async () => {
          alone.push(i);
          return 'placed';
        },
        ...(row === undefined ? {} : { row }),
      });
    expect(await Promise.all([write(0, 0), write(1, 1), write(2)])).toEqual(['placed', 'placed', 'placed']);
    expect(batches).toEqual([]);
    expect(alone.sort()).toEqual([0, 1, 2]);
  });
});
