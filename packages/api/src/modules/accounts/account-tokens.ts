// The secrets in mailed links (password reset, e-mail confirmation; B2B §7): 32 random bytes, base64url, so a link
// cannot be guessed. The database keeps only their SHA-256: whoever reads a copy of it cannot use a pending link.
// A plain hash (no salt, no slow function) is enough for 256 random bits, and lets a link be found by its hash.
import { createHash, randomBytes } from 'node:crypto';
import type { AccountTokensTable } from '../../infra/db/schema.js';

export type TokenPurpose = AccountTokensTable['purpose'];

/** A reset link works for 30 minutes (the mail says so: validMinutes). */
export const RESET_TOKEN_MINUTES = 30;
/** A confirmation link works for 48 hours. */
export const VERIFICATION_TOKEN_HOURS = 48;
/** At most one mail of each kind per account within this time; later asks are answered alike but send nothing. */
export const TOKEN_MAIL_INTERVAL_MS = 60_000;

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'password-reset': RESET_TOKEN_MINUTES * 60_000,
  'email-verification': VERIFICATION_TOKEN_HOURS * 3_600_000,
};

export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newAccountToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashAccountToken(token) };
}
