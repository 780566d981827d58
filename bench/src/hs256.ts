// The least a server can do to check a bearer token: one HMAC-SHA256 over the JWT's header and payload and a
// constant-time compare. Used by the order-path floor and the stand-in API, never by the product.
import { createHmac, timingSafeEqual } from 'node:crypto';

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export interface Claims {
  sub: string;
  exp: number;
  [claim: string]: unknown;
}

export function signToken(claims: Claims, secret: string): string {
  const body = `${HEADER}.${b64url(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The token's subject when the signature and expiry hold, otherwise null. */
export function verifyToken(token: string, secret: string, nowSeconds = Date.now() / 1000): string | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null || !('sub' in claims) || !('exp' in claims)) return null;
    const { sub, exp } = claims;
    return typeof sub === 'string' && typeof exp === 'number' && exp > nowSeconds ? sub : null;
  } catch {
    return null;
  }
}

export function bearerOf(header: string | undefined): string {
  return header?.startsWith('Bearer ') ? header.slice(7) : '';
}
