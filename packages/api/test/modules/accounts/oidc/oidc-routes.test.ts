// Google sign-in through the shop's HTTP routes, against a real local OpenID provider, on SQLite and PostgreSQL:
// the redirect out, the callback in, the account it creates or reaches, and every way the callback is refused.
import { messages } from '@kestrel/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { createTestApp, signUp, type TestApp } from '../../../helpers/test-app.js';
import { startLocalProvider, type LocalProvider } from './local-provider.js';
import { visitProvider, type ProviderChoice } from './provider-driver.js';

const PUBLIC_URL = 'http://127.0.0.1:39997';
const loginWith = (message: string) => `/login?${new URLSearchParams({ authError: message }).toString()}`;

let provider: LocalProvider;

beforeAll(async () => {
  provider = await startLocalProvider({
    redirectUri: `${PUBLIC_URL}/api/auth/google/callback`,
    accounts: [
      { sub: 'g-ada', email: 'Ada@Example.com', name: 'Ada Lovelace', emailVerified: true },
      { sub: 'g-grace', email: 'grace@example.com', name: 'Grace from Google', emailVerified: true },
      { sub: 'g-eve', email: 'eve@example.com', name: 'Eve', emailVerified: false },
    ],
  });
});

afterAll(async () => {
  await provider.close();
});

/** The browser's part: start at the shop, act at the provider, come back with the cookie the start set. */
async function googleSignIn(app: FastifyInstance, choice: ProviderChoice, returnTo = '/purchase/abc') {
  const start = await app.inject({ method: 'GET', url: `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}` });
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
  const callback = await visitProvider(String(start.headers.location), choice);
  const callbackPath = `${callback.pathname}${callback.search}`;
  const done = await app.inject({ method: 'GET', url: callbackPath, headers: { cookie } });
  return { start, cookie, callbackPath, done };
}

/** The token and returnTo the callback put in the storefront URL's fragment. */
function fragmentOf(location: unknown): { token: string; returnTo: string } {
  const [path, fragment = ''] = String(location).split('#');
  expect(path).toBe('/auth/callback');
  const params = new URLSearchParams(fragment);
  return { token: params.get('token') ?? '', returnTo: params.get('returnTo') ?? '' };
}

async function me(app: FastifyInstance, token: string) {
  const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.json<{ _id: string; email: string; name: string; role: string }>();
}

describe.each(databases)('Google sign-in routes on %s', (kind) => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await createTestApp(kind, {
      PUBLIC_URL,
      OIDC_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
    });
  });

  afterAll(async () => {
    await shop.close();
  });

  it('says Google sign-in is available', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: true });
  });

  it('starts with a redirect to the provider and a browser-binding cookie', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/auth/google?returnTo=/dashboard' });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(location.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/google/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(String(res.headers['set-cookie'])).toMatch(
      /^kestrel_oidc=[\w-]{43}; Path=\/api\/auth\/google; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
  });

  it('creates a customer without password on first sign-in and reaches it again later', async () => {
    const first = await googleSignIn(shop.app, { signInAs: 'Ada@Example.com' }, '/purchase/0123456789abcdef01234567');
    expect(first.done.statusCode).toBe(302);
    const { token, returnTo } = fragmentOf(first.done.headers.location);
    expect(returnTo).toBe('/purchase/0123456789abcdef01234567');
    const user = await me(shop.app, token);
    expect(user).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      role: 'customer',
      emailVerified: true,
    });
    const rows = await shop.app.db.selectFrom('users').selectAll().where('email', '=', 'ada@example.com').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.password_hash).toBeNull();

    const again = await googleSignIn(shop.app, { signInAs: 'Ada@Example.com' }, '/');
    const second = fragmentOf(again.done.headers.location);
    expect(second.token).not.toBe(token);
    expect(second.returnTo).toBe('/');
    expect((await me(shop.app, second.token))._id).toBe(user._id);
  });

  it('reaches the account that signed up with a password for the same e-mail, once that e-mail is confirmed', async () => {
    const byPassword = await signUp(shop.app, 'Grace Hopper', 'grace@example.com');
    // Unconfirmed, Google would not enter it (test/modules/accounts/pre-hijack.test.ts).
    await shop.app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', byPassword.id).execute();
    const { done } = await googleSignIn(shop.app, { signInAs: 'grace@example.com' });
    const user = await me(shop.app, fragmentOf(done.headers.location).token);
    expect(user).toEqual({
      _id: byPassword.id,
      email: 'grace@example.com',
      name: 'Grace Hopper',
      role: 'customer',
      emailVerified: true,
      company: null,
    });
  });

  it('refuses the same callback a second time', async () => {
    const { done, callbackPath, cookie } = await googleSignIn(shop.app, { signInAs: 'Ada@Example.com' });
    expect(fragmentOf(done.headers.location).token).not.toBe('');
    const replay = await shop.app.inject({ method: 'GET', url: callbackPath, headers: { cookie } });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe(loginWith(messages.googleSignIn.expired));
  });

  it('refuses a callback in a browser that did not start the sign-in', async () => {
    const start = await shop.app.inject({ method: 'GET', url: '/api/auth/google' });
    const callback = await visitProvider(String(start.headers.location), { signInAs: 'Ada@Example.com' });
    const res = await shop.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(res.headers.location).toBe(loginWith(messages.googleSignIn.expired));
  });

  it('sends a cancelled consent back to the login page', async () => {
    const { done } = await googleSignIn(shop.app, { cancel: true });
    expect(done.headers.location).toBe(loginWith('Google sign-in was cancelled'));
  });

  it('refuses an unverified e-mail and creates no account for it', async () => {
    const { done } = await googleSignIn(shop.app, { signInAs: 'eve@example.com' });
    expect(done.headers.location).toBe(loginWith('Your Google e-mail address is not verified'));
    const rows = await shop.app.db.selectFrom('users').select('id').where('email', '=', 'eve@example.com').execute();
    expect(rows).toEqual([]);
  });

  it('refuses a code the provider never issued', async () => {
    const { start, cookie } = await googleSignIn(shop.app, { signInAs: 'Ada@Example.com' });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const fresh = await shop.app.inject({ method: 'GET', url: '/api/auth/google', headers: { cookie } });
    const freshState = new URL(String(fresh.headers.location)).searchParams.get('state') ?? '';
    expect(freshState).not.toBe(state);
    const query = new URLSearchParams({ code: 'made-up-code', state: freshState, iss: provider.issuer });
    const res = await shop.app.inject({
      method: 'GET',
      url: `/api/auth/google/callback?${query}`,
      headers: { cookie },
    });
    expect(res.headers.location).toBe(loginWith('Google sign-in failed, please try again'));
  });

  it('returns only to a path on this site', async () => {
    const { done } = await googleSignIn(shop.app, { signInAs: 'Ada@Example.com' }, '//evil.example/x');
    expect(fragmentOf(done.headers.location).returnTo).toBe('/');
  });
});

describe('Google sign-in not configured', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await createTestApp('sqlite');
  });

  afterAll(async () => {
    await shop.close();
  });

  it('says so, and the start sends the browser back to the login page with the note', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: false });
    const res = await shop.app.inject({ method: 'GET', url: '/api/auth/google?returnTo=/dashboard' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(loginWith('Google sign-in is not set up on this shop'));
  });
});
