// The cache of the full list's encoded bytes (#24): callers at once share one build, a product write drops it, a stock
// move is shown at once for a small list and within REBUILD_FACTOR build times for a large one, memory is bounded.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CHEAP_BYTES,
  EncodedListCache,
  MAX_ENTRIES,
  MAX_PENDING_BUILDS,
  REBUILD_FACTOR,
} from '../src/infra/http/encoded-list.js';

const builder = (text: () => string) => async (write: (piece: string) => void) => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  write(text());
};

describe('EncodedListCache', () => {
  it('builds once for callers at once, and again after a product write', async () => {
    const cache = new EncodedListCache();
    let version = 1;
    const build = builder(() => `[${version}]`.padEnd(2_000, ' '));
    const lists = await Promise.all(Array.from({ length: 10 }, () => cache.get('all', build)));
    expect(cache.builds).toBe(1);
    expect(new Set(lists).size).toBe(1);
    const first = lists[0];
    expect(first?.raw.toString().trimEnd()).toBe('[1]');
    expect(gunzipSync((await first?.gzip) ?? Buffer.alloc(0)).toString()).toBe(first?.raw.toString());
    version = 2;
    cache.invalidate();
    const second = await cache.get('all', build);
    expect(second.raw.toString().trimEnd()).toBe('[2]');
    expect(second.etag).not.toBe(first?.etag);
    expect(cache.builds).toBe(2);
  });

  it('shows a stock move at once when the list is small, and within the rebuild delay when it is large', async () => {
    let now = 1_000;
    const cache = new EncodedListCache(60_000, () => now);
    let stock = 1;
    const small = builder(() => `[${stock}]`);
    expect((await cache.get('small', small)).raw.toString()).toBe('[1]');
    stock = 2;
    cache.stockMoved();
    expect((await cache.get('small', small)).raw.toString()).toBe('[2]');

    const big = async (write: (piece: string) => void) => {
      now += 100; // the build "takes" 100 ms on the injected clock
      write(`[${stock}]`.padEnd(CHEAP_BYTES, ' '));
    };
    cache.invalidate();
    expect((await cache.get('big', big)).raw.toString().trimEnd()).toBe('[2]');
    stock = 3;
    cache.stockMoved();
    // Too soon after the last build: the stale list is answered and nothing is rebuilt.
    expect((await cache.get('big', big)).raw.toString().trimEnd()).toBe('[2]');
    now += REBUILD_FACTOR * 100;
    // Due: the stale list is still answered while one rebuild runs behind it...
    expect((await cache.get('big', big)).raw.toString().trimEnd()).toBe('[2]');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // ...and the next caller gets the rebuilt one.
    expect((await cache.get('big', big)).raw.toString().trimEnd()).toBe('[3]');
  });

  it(`keeps at most ${MAX_ENTRIES} lists`, async () => {
    const cache = new EncodedListCache();
    for (const key of ['a', 'b', 'c', 'd'])
      await cache.get(
        key,
        builder(() => `"${key}"`),
      );
    await cache.get(
      'd',
      builder(() => '"d"'),
    );
    await cache.get(
      'c',
      builder(() => '"c"'),
    );
    expect(cache.builds).toBe(4);
    await cache.get(
      'a',
      builder(() => '"a"'),
    );
    expect(cache.builds).toBe(5);
  });
});

describe('EncodedListCache under many variants at once', () => {
  it(`refuses more than ${MAX_PENDING_BUILDS} builds waiting, with 503`, async () => {
    const cache = new EncodedListCache();
    const asked = ['a', 'b', 'c', 'd', 'e', 'f'].map((key) =>
      Promise.resolve(
        cache.get(
          key,
          builder(() => `"${key}"`),
        ),
      ).then(
        (list) => list.raw.toString(),
        (error: { statusCode?: number }) => error.statusCode,
      ),
    );
    expect(await Promise.all(asked)).toEqual(['"a"', '"b"', '"c"', '"d"', 503, 503]);
    expect(
      (
        await cache.get(
          'e',
          builder(() => '"e"'),
        )
      ).raw.toString(),
    ).toBe('"e"');
  });
});
