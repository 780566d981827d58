// Google sign-in into an account with two-step sign-in on (B2B §15), against the local OpenID provider, on SQLite and
// PostgreSQL: the callback ends at the storefront with a challenge and no token, and the code step finishes it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meStatus } from '../account-fixtures.js';
import { databases } from '../../../helpers/databases.js';
import type { SignedIn, TestApp } from '../../../helpers/test-app.js';
import { startLocalProvider, type LocalProvider } from '../oidc/local-provider.js';
import { visitProvider } from '../oidc/provider-driver.js';
import { codeAt, createTwoFactorApp, turnOn, verify, type TestClock } from './two-factor-fixtures.js';

const PUBLIC_URL = 'http://127.0.0.1:39996';
let provider: LocalProvider;

beforeAll(async () => {
  provider = await startLocalProvider({
    redirectUri: `${PUBLIC_URL}/api/auth/google/callback`,
    accounts: [{ sub: 'g-gwen', email: 'gwen@example.com', name: 'Gwen Google', emailVerified: true }],
  });
});
afterAll(() => provider.close());

/** Start, the provider's part, the callback: answers the storefront URL's fragment. */
async function googleSignIn(app: FastifyInstance): Promise<URLSearchParams> {
  const start = await app.inject({ method: 'GET', url: '/api/auth/google?returnTo=/dashboard/security' });
  const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
  const callback = await visitProvider(String(start.headers.location), { signInAs: 'gwen@example.com' });
  const done = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie } });
  expect(done.statusCode).toBe(302);
  const [path, fragment = ''] = String(done.headers.location).split('#');
  expect(path).toBe('/auth/callback');
  return new URLSearchParams(fragment);
}

describe.each(databases)('Google sign-in with two-step sign-in on %s', (kind) => {
  let t: TestApp;
  let clock: TestClock;

  beforeAll(async () => {
    ({ t, clock } = await createTwoFactorApp(kind, {
      PUBLIC_URL,
      OIDC_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
    }));
  });
  afterAll(() => t.close());

  it('ends in the code step instead of a token, and the code finishes the sign-in', async () => {
    const first = await googleSignIn(t.app);
    const token = first.get('token') ?? '';
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    const gwen: SignedIn = {
      token,
      id: me.json()._id,
      email: 'gwen@example.com',
      name: 'Gwen Google',
      auth: { authorization: `Bearer ${token}` },
    };
    const { secret } = await turnOn(t.app, clock, gwen);

    const second = await googleSignIn(t.app);
    expect(second.get('token')).toBeNull();
    expect(second.get('returnTo')).toBe('/dashboard/security');
    const challenge = second.get('challenge') ?? '';
    expect(challenge).toMatch(/^[\w-]{43}$/);

    const res = await verify(t.app, challenge, codeAt(secret, clock.now()));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; user: { _id: string; email: string } }>();
    expect(body.user._id).toBe(gwen.id);
    expect(await meStatus(t.app, body.token)).toBe(200);
  });
});
