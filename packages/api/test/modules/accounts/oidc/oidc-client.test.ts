// The relying party against a real local OpenID provider: the authorization request it builds, a good sign-in,
// and the provider's refusals (cancelled consent, reused code, wrong PKCE verifier, unverified e-mail, provider down).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOidcClient, type OidcClient } from '../../../../src/modules/accounts/google/oidc-client.js';
import { OidcSignInError } from '../../../../src/modules/accounts/google/oidc-errors.js';
import { resolveOidcSettings } from '../../../../src/modules/accounts/google/oidc-settings.js';
import { startLocalProvider, type LocalProvider } from './local-provider.js';
import { visitProvider } from './provider-driver.js';

const PUBLIC_URL = 'http://127.0.0.1:39999';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/google/callback`;

let provider: LocalProvider;
let client: OidcClient;

beforeAll(async () => {
  provider = await startLocalProvider({
    redirectUri: REDIRECT_URI,
    accounts: [
      { sub: 'ada-1', email: 'Ada.Lovelace@Example.com', name: 'Ada Lovelace', emailVerified: true },
      { sub: 'eve-2', email: 'eve@example.com', name: 'Eve Unverified', emailVerified: false },
    ],
  });
  const settings = resolveOidcSettings({
    google: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    publicUrl: PUBLIC_URL,
  });
  if (!settings) throw new Error('settings expected');
  client = createOidcClient(settings);
});

afterAll(async () => {
  await provider.close();
});

async function refusal(promise: Promise<unknown>): Promise<OidcSignInError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof OidcSignInError)) throw new Error(`expected OidcSignInError, got ${String(error)}`);
  return error;
}

describe('authorization request', () => {
  it('asks for a code with PKCE S256, state, nonce and the registered redirect URI', async () => {
    const { url, checks } = await client.startAuthorization();
    expect(url.origin).toBe(provider.issuer);
    expect(url.pathname).toBe('/auth');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: provider.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge_method: 'S256',
    });
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(checks.codeVerifier).toMatch(/^[\w-]{43,128}$/);
    // Fresh values every time: a state or nonce must never be predictable from an earlier one.
    const second = await client.startAuthorization();
    expect(second.checks.state).not.toBe(checks.state);
    expect(second.checks.nonce).not.toBe(checks.nonce);
    expect(second.checks.codeVerifier).not.toBe(checks.codeVerifier);
  });
});

describe('callback', () => {
  it('signs in a verified account with its lower-cased e-mail and display name', async () => {
    const { url, checks } = await client.startAuthorization();
    const callback = await visitProvider(url, { signInAs: 'Ada.Lovelace@Example.com' });
    expect(callback.href.startsWith(`${REDIRECT_URI}?`)).toBe(true);
    const identity = await client.completeAuthorization(callback.searchParams, checks);
    expect(identity).toEqual({
      issuer: provider.issuer,
      subject: 'ada-1',
      email: 'ada.lovelace@example.com',
      name: 'Ada Lovelace',
    });
  });

  it('refuses a code used a second time', async () => {
    const { url, checks } = await client.startAuthorization();
    const callback = await visitProvider(url, { signInAs: 'Ada.Lovelace@Example.com' });
    await client.completeAuthorization(callback.searchParams, checks);
    const error = await refusal(client.completeAuthorization(callback.searchParams, checks));
    expect(error.reason).toBe('invalid');
    expect(error.message).toBe('the token endpoint answered 400 invalid_grant');
  });

  it('refuses a code redeemed with another PKCE verifier', async () => {
    const { url, checks } = await client.startAuthorization();
    const other = await client.startAuthorization();
    const callback = await visitProvider(url, { signInAs: 'Ada.Lovelace@Example.com' });
    const error = await refusal(
      client.completeAuthorization(callback.searchParams, { ...checks, codeVerifier: other.checks.codeVerifier }),
    );
    expect(error.reason).toBe('invalid');
    expect(error.message).toBe('the token endpoint answered 400 invalid_grant');
  });

  it('reports cancelled consent as denied', async () => {
    const { url, checks } = await client.startAuthorization();
    const callback = await visitProvider(url, { cancel: true });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const error = await refusal(client.completeAuthorization(callback.searchParams, checks));
    expect(error.reason).toBe('denied');
    expect(error.userMessage).toBe('Google sign-in was cancelled');
  });

  it('refuses an account whose e-mail the provider has not verified', async () => {
    const { url, checks } = await client.startAuthorization();
    const callback = await visitProvider(url, { signInAs: 'eve@example.com' });
    const error = await refusal(client.completeAuthorization(callback.searchParams, checks));
    expect(error.reason).toBe('unverified_email');
    expect(error.userMessage).toBe('Your Google e-mail address is not verified');
  });
});

describe('provider unreachable', () => {
  it('reports discovery failure as unavailable and recovers when asked again', async () => {
    const settings = resolveOidcSettings({
      google: { issuer: 'http://127.0.0.1:9', clientId: 'id', clientSecret: 'secret' },
      publicUrl: PUBLIC_URL,
    });
    if (!settings) throw new Error('settings expected');
    const down = createOidcClient(settings, { timeoutSeconds: 2 });
    const error = await refusal(down.startAuthorization());
    expect(error.reason).toBe('unavailable');
    expect(error.userMessage).toBe('Google sign-in is unavailable right now, please try again later');
  });
});
