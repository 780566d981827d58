// The pre-account-takeover (B2B §7) on SQLite and PostgreSQL, against a real local OpenID provider: an attacker signs
// up with the victim's e-mail before the victim ever comes; the victim's Google sign-in must not enter that account
// (the attacker would share it), and once the victim proves the mailbox through a reset link, the attacker is out and
// Google sign-in enters.
import { messages } from '@kestrel/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { createTestApp, signUp, type TestApp } from '../../helpers/test-app.js';
import { startLocalProvider, type LocalProvider } from './oidc/local-provider.js';
import { visitProvider } from './oidc/provider-driver.js';
import { callFrom, lastMailedToken, meStatus } from './account-fixtures.js';

const PUBLIC_URL = 'http://127.0.0.1:39996';

let provider: LocalProvider;
beforeAll(async () => {
  provider = await startLocalProvider({
    redirectUri: `${PUBLIC_URL}/api/auth/google/callback`,
    accounts: [{ sub: 'g-victim', email: 'victim@example.com', name: 'Victim', emailVerified: true }],
  });
});
afterAll(async () => {
  await provider.close();
});

/** A whole Google sign-in as victim@example.com: where the callback sends the browser. */
async function googleSignIn(app: FastifyInstance): Promise<string> {
  const start = await app.inject({ method: 'GET', url: '/api/auth/google?returnTo=/' });
  const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
  const callback = await visitProvider(String(start.headers.location), { signInAs: 'victim@example.com' });
  const done = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie } });
  expect(done.statusCode).toBe(302);
  return String(done.headers.location);
}

describe.each(databases)('a pre-registered account on %s', (kind) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp(kind, {
      PUBLIC_URL,
      OIDC_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
    });
  });
  afterAll(() => shop.close());

  it('is not entered by Google sign-in until the mailbox owner resets its password', async () => {
    const attacker = await signUp(shop.app, 'Not The Victim', 'victim@example.com', 'attacker-password-1');
    const sessionsOf = async () =>
      (await shop.app.db.selectFrom('sessions').select('id').where('user_id', '=', attacker.id).execute()).length;
    expect(await sessionsOf()).toBe(1);

    const refused = await googleSignIn(shop.app);
    expect(refused).toBe(`/login?${new URLSearchParams({ authError: messages.googleSignIn.verifyFirst }).toString()}`);
    expect(await sessionsOf()).toBe(1);

    // The victim follows the login page's advice: "Forgot your password?", then the mailed link.
    expect(
      (await callFrom(shop.app, '10.5.0.1', 'POST', '/api/auth/password/forgot', { email: 'victim@example.com' }))
        .statusCode,
    ).toBe(202);
    const token = await lastMailedToken(shop.app, 'victim@example.com', 'password-reset');
    const reset = await callFrom(shop.app, '10.5.0.1', 'POST', '/api/auth/password/reset', {
      token,
      password: 'victims-own-password-1',
    });
    expect(reset.statusCode).toBe(204);
    expect(await meStatus(shop.app, attacker.token)).toBe(401);
    const attackerAgain = await callFrom(shop.app, '10.5.0.2', 'POST', '/api/auth/login', {
      email: 'victim@example.com',
      password: 'attacker-password-1',
    });
    expect(attackerAgain.statusCode).toBe(401);

    const entered = await googleSignIn(shop.app);
    expect(entered.startsWith('/auth/callback#')).toBe(true);
    const googleToken = new URLSearchParams(entered.split('#')[1]).get('token') ?? '';
    const me = await shop.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${googleToken}` } });
    expect(me.json()).toEqual({
      _id: attacker.id,
      email: 'victim@example.com',
      name: 'Not The Victim',
      role: 'customer',
      emailVerified: true,
      company: null,
    });
  });
});
