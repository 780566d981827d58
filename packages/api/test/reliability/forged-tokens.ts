// Tokens an attacker could present. Each one names a real, live admin session (its `sid` and `sub`), so a server that
// skipped any check would answer as the admin: the tests can only pass if every forgery is refused.
import type { FastifyInstance } from 'fastify';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createSessionService } from '../../src/modules/accounts/sessions.js';
import { TEST_SECRET } from '../helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type BadToken = 'expired' | 'revoked' | 'tampered' | 'alg-none' | 'other-secret';
export const badTokens: BadToken[] = ['expired', 'revoked', 'tampered', 'alg-none', 'other-secret'];

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The claims of a live session of this user: what a forger wants the server to believe. */
async function liveClaims(app: FastifyInstance, userId: string) {
  const token = await app.sessions.issueSession(userId);
  const { sid, sub, iat, exp } = decodeJwt(token);
  return { sid, sub, iat, exp };
}

/** A token of the given kind; `customerId` is the forger's own account, `adminId` the one it wants to be. */
export async function badToken(
  app: FastifyInstance,
  kind: BadToken,
  customerId: string,
  adminId: string,
): Promise<string> {
  switch (kind) {
    case 'expired': {
      // Issued by the real service with the real secret, 8 days ago: past the 7-day absolute lifetime.
      const past = createSessionService(app.db, TEST_SECRET, () => Date.now() - 8 * DAY_MS);
      return past.issueSession(adminId);
    }
    case 'revoked': {
      const token = await app.sessions.issueSession(adminId);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 204) throw new Error(`logout failed: ${res.statusCode}`);
      return token;
    }
    case 'tampered': {
      // The forger's own valid token with the payload swapped for the admin's claims; the signature is kept.
      const [header, , signature] = (await app.sessions.issueSession(customerId)).split('.');
      return `${header}.${b64(await liveClaims(app, adminId))}.${signature}`;
    }
    case 'alg-none':
      return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(await liveClaims(app, adminId))}.`;
    case 'other-secret':
      return new SignJWT(await liveClaims(app, adminId))
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode('another-secret-that-is-32-characters-or-more'));
  }
}

/**
 * Tokens signed with algorithms outside the allowlist (HS256 only): asymmetric ones with the forger's own key (with
 * the key embedded in the header, as in the `jwk` header injection attack) and HS512 with the real secret.
 */
export async function otherAlgorithmTokens(app: FastifyInstance, adminId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const alg of ['RS256', 'PS256', 'ES256', 'EdDSA']) {
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
    out[alg] = await new SignJWT(await liveClaims(app, adminId))
      .setProtectedHeader({ alg, typ: 'JWT', jwk: await exportJWK(publicKey) })
      .sign(privateKey);
  }
  out['HS512'] = await new SignJWT(await liveClaims(app, adminId))
    .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
    .sign(new TextEncoder().encode(TEST_SECRET));
  return out;
}
