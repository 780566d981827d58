import { describe, expect, it } from 'vitest';
import { limitConcurrency } from '../../../src/modules/images/limit-concurrency.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('limitConcurrency', () => {
  it('runs at most `max` tasks at once, in arrival order, and returns each result', async () => {
    const limit = limitConcurrency(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((n) =>
        limit(async () => {
          started.push(n);
          running += 1;
          peak = Math.max(peak, running);
          await tick();
          running -= 1;
          return n * 10;
        }),
      ),
    );
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot when a task fails', async () => {
    const limit = limitConcurrency(1);
    await expect(limit(() => Promise.reject(new Error('decode failed')))).rejects.toThrow('decode failed');
    await expect(limit(async () => 'next')).resolves.toBe('next');
  });
});
