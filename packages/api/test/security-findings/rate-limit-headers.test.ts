// Issue #17, finding 2 (docs/product.md §10): every answer carries the security headers, a 429 of the general limit
// (RATE_LIMIT_PER_MINUTE) too. Before the fix its hook ran before the security plugin's and the 429 went out bare.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const CSP =
  "default-src 'self';script-src 'self';object-src 'none';base-uri 'self';frame-ancestors 'none';" +
  "form-action 'self';img-src 'self' data: https:;style-src 'self' 'unsafe-inline';font-src 'self' data:";

describe('a 429 carries the security headers', () => {
  const PUBLIC_URL = 'https://shop.kestrel.test';
  let general: TestApp;
  let signIn: TestApp;

  beforeAll(async () => {
    general = await createTestApp('sqlite', { PUBLIC_URL, RATE_LIMIT_PER_MINUTE: '1' });
    signIn = await createTestApp('sqlite', { PUBLIC_URL, AUTH_ATTEMPTS_PER_MINUTE: '1' });
  });
  afterAll(async () => {
    await general.close();
    await signIn.close();
  });

  const expectHeaders = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['retry-after']).toBe('60');
  };

  it('from RATE_LIMIT_PER_MINUTE', async () => {
    const get = () => general.app.inject({ method: 'GET', url: '/api/service', remoteAddress: '10.60.0.1' });
    expect((await get()).statusCode).toBe(200);
    expectHeaders(await get());
  });

  it('from the sign-in limit (AUTH_ATTEMPTS_PER_MINUTE)', async () => {
    const login = () =>
      signIn.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
        remoteAddress: '10.60.0.2',
      });
    expect((await login()).statusCode).toBe(401);
    expectHeaders(await login());
  });
});
