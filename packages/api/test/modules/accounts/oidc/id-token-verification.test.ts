// Every ID token that must not sign anyone in, against a provider whose keys and answers the test controls:
// forged (another key), tampered, wrong audience, wrong issuer, wrong nonce, expired, unsigned, unverified e-mail.
import type { JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOidcClient,
  type FlowChecks,
  type OidcClient,
} from '../../../../src/modules/accounts/google/oidc-client.js';
import { OidcSignInError } from '../../../../src/modules/accounts/google/oidc-errors.js';
import { startFakeProvider, type FakeProvider } from './fake-provider.js';

const CLIENT_ID = 'kestrel-shop';
let fake: FakeProvider;
let client: OidcClient;

beforeAll(async () => {
  fake = await startFakeProvider();
  client = createOidcClient({
    issuer: new URL(fake.issuer),
    clientId: CLIENT_ID,
    clientSecret: 'shop-secret',
    redirectUri: new URL('http://127.0.0.1:39998/api/auth/google/callback'),
  });
});

afterAll(async () => {
  await fake.close();
});

function goodClaims(checks: FlowChecks): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: fake.issuer,
    aud: CLIENT_ID,
    sub: '1098765',
    iat: now,
    exp: now + 300,
    nonce: checks.nonce,
    email: 'Grace@Example.com',
    email_verified: true,
    name: 'Grace Hopper',
  };
}

/** Starts a flow, has the token endpoint answer `idToken(checks)`, and completes it. */
async function signInWith(idToken: (checks: FlowChecks) => Promise<string>) {
  const { checks } = await client.startAuthorization();
  fake.nextIdToken = await idToken(checks);
  const query = new URLSearchParams({ code: 'any-code', state: checks.state });
  return client.completeAuthorization(query, checks);
}

/** The refusal's reason and logged detail, so each test proves which check stopped the token. */
async function refusalOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof OidcSignInError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return `${error.reason}: ${error.message}`;
}

describe('ID token verification', () => {
  it('accepts a correctly signed, addressed and fresh token with a verified e-mail', async () => {
    const identity = await signInWith((checks) => fake.sign(goodClaims(checks)));
    expect(identity).toEqual({
      issuer: fake.issuer,
      subject: '1098765',
      email: 'grace@example.com',
      name: 'Grace Hopper',
    });
  });

  it('refuses a token signed with a key the provider does not publish', async () => {
    expect(await refusalOf(signInWith((checks) => fake.sign(goodClaims(checks), fake.foreignKey)))).toBe(
      'invalid: OAUTH_INVALID_RESPONSE: JWT signature verification failed',
    );
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const tampered = async (checks: FlowChecks) => {
      const [header, , signature] = (await fake.sign(goodClaims(checks))).split('.');
      const payload = Buffer.from(JSON.stringify({ ...goodClaims(checks), email: 'admin@example.com' }));
      return `${header}.${payload.toString('base64url')}.${signature}`;
    };
    expect(await refusalOf(signInWith(tampered))).toBe(
      'invalid: OAUTH_INVALID_RESPONSE: JWT signature verification failed',
    );
  });

  it('refuses a token without a signature (alg none)', async () => {
    const unsigned = async (checks: FlowChecks) => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(JSON.stringify(goodClaims(checks))).toString('base64url');
      return `${header}.${payload}.`;
    };
    expect(await refusalOf(signInWith(unsigned))).toBe(
      'invalid: OAUTH_INVALID_RESPONSE: unexpected JWT "alg" header parameter',
    );
  });

  it('refuses a token issued for another client', async () => {
    const result = signInWith((checks) => fake.sign({ ...goodClaims(checks), aud: 'someone-else' }));
    expect(await refusalOf(result)).toBe(
      'invalid: OAUTH_JWT_CLAIM_COMPARISON_FAILED: unexpected JWT "aud" (audience) claim value',
    );
  });

  it('refuses a token from another issuer', async () => {
    const result = signInWith((checks) => fake.sign({ ...goodClaims(checks), iss: 'https://accounts.google.com' }));
    expect(await refusalOf(result)).toBe(
      'invalid: OAUTH_JWT_CLAIM_COMPARISON_FAILED: unexpected JWT "iss" (issuer) claim value',
    );
  });

  it('refuses a token carrying another flow nonce', async () => {
    const result = signInWith((checks) => fake.sign({ ...goodClaims(checks), nonce: `${checks.nonce}x` }));
    expect(await refusalOf(result)).toBe(
      'invalid: OAUTH_JWT_CLAIM_COMPARISON_FAILED: unexpected ID Token "nonce" claim value',
    );
  });

  it('refuses a token without a nonce', async () => {
    const result = signInWith((checks) => fake.sign({ ...goodClaims(checks), nonce: undefined }));
    expect(await refusalOf(result)).toBe('invalid: OAUTH_INVALID_RESPONSE: JWT "nonce" (nonce) claim missing');
  });

  it('refuses an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const result = signInWith((checks) => fake.sign({ ...goodClaims(checks), iat: past - 300, exp: past }));
    expect(await refusalOf(result)).toBe(
      'invalid: OAUTH_JWT_TIMESTAMP_CHECK_FAILED: unexpected JWT "exp" (expiration time) claim value, expiration is past current timestamp',
    );
  });

  it('refuses an e-mail the provider has not verified, including the string "true"', async () => {
    for (const emailVerified of [false, 'true', undefined]) {
      const result = signInWith((checks) => fake.sign({ ...goodClaims(checks), email_verified: emailVerified }));
      expect(await refusalOf(result)).toBe('unverified_email: the provider has not verified grace@example.com');
    }
  });

  it('refuses a token whose e-mail is not an address', async () => {
    const result = signInWith((checks) => fake.sign({ ...goodClaims(checks), email: 'not-an-address' }));
    expect(await refusalOf(result)).toBe('unverified_email: the provider gave no usable e-mail address');
  });
});
