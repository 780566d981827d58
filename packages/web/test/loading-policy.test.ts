import { describe, expect, it } from 'vitest';
import { retryDelay, shouldRetry } from '../src/app/query-client';
import { withTimeout } from '../src/app/lazy-part';
import { ApiRequestError, isRefusal } from '../src/lib/api-client';

describe('query retries (docs/product.md §11)', () => {
  it('retries a failed request 3 times', () => {
    const network = new ApiRequestError(0, 'network_error', 'offline');
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, network))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new ApiRequestError(503, 'unavailable', 'later'))).toBe(true);
  });

  it('does not repeat a request the server refused, except time-outs and rate limits', () => {
    expect(shouldRetry(0, new ApiRequestError(404, 'not_found', 'gone'))).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(403, 'forbidden', 'no'))).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(429, 'rate_limited', 'wait'))).toBe(true);
  });

  it('does not repeat work the server stopped at its time budget: it would cost as long and end the same', () => {
    const stopped = ['search_timeout', 'stats_timeout'].map((code) =>
      shouldRetry(0, new ApiRequestError(503, code, 'm')),
    );
    expect(stopped).toEqual([false, false]);
    expect(shouldRetry(0, new ApiRequestError(503, 'busy', 'm'))).toBe(true);
  });

  it('counts only a 4xx other than 408 and 429 as the server saying no (the admin guard signs out on it)', () => {
    const refusals = [400, 401, 403, 404, 409].map((status) => isRefusal(new ApiRequestError(status, 'c', 'm')));
    expect(refusals).toEqual([true, true, true, true, true]);
    const notNow = [0, 408, 429, 500, 503].map((status) => isRefusal(new ApiRequestError(status, 'c', 'm')));
    expect(notNow).toEqual([false, false, false, false, false]);
    expect(isRefusal(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('backs off exponentially and never waits more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('lazy parts give up after their time-out (docs/product.md §15)', () => {
  it('passes a part through when it arrives in time', async () => {
    await expect(withTimeout(Promise.resolve('part'), 50)).resolves.toBe('part');
  });

  it('fails a part that does not arrive in time', async () => {
    const never = new Promise<string>(() => {});
    await expect(withTimeout(never, 20)).rejects.toThrow('The page part took too long to load.');
  });

  it('passes on the loading error itself', async () => {
    await expect(withTimeout(Promise.reject(new Error('chunk 404')), 50)).rejects.toThrow('chunk 404');
  });
});
