// The confirmation page sends its token once however often it mounts (React's StrictMode mounts it twice), and
// sends it again only after a failure, when the visitor presses "Try again".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyEmailOnce } from './verify-email';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('verifyEmailOnce', () => {
  it('sends a token once, and again only after a failure', async () => {
    const answers = [new Response('{"error":{"code":"rate_limited","message":"Slow down"}}', { status: 429 })];
    const fetch = vi.fn(async () => answers.shift() ?? new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);

    const first = verifyEmailOnce('token-a');
    expect(verifyEmailOnce('token-a')).toBe(first);
    await expect(first).rejects.toMatchObject({ status: 429, code: 'rate_limited', message: 'Slow down' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenLastCalledWith('/api/auth/verify-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      signal: undefined,
      body: '{"token":"token-a"}',
    });

    await expect(verifyEmailOnce('token-a')).resolves.toBeNull();
    await expect(verifyEmailOnce('token-a')).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
    await verifyEmailOnce('token-b');
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
