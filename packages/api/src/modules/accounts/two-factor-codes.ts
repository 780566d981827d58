// The codes of two-step sign-in (B2B §15). TOTP per RFC 6238 with otpauth: SHA-1, 6 digits, 30-second steps, a code
// of the step before or after accepted too (a phone's clock a little off, a code typed as it changed). Recovery codes
// are 50 random bits each, kept as HMACs under a key derived from the auth secret: a copy of the database alone
// cannot test guesses against them.
import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@kestrel/shared';
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of now whose code is accepted. */
export const TOTP_WINDOW = 1;
const ISSUER = 'Kestrel Components';
/** RFC 4226 §4 asks for at least 128 bits and recommends 160: 20 bytes, as authenticator apps expect. */
const SECRET_BYTES = 20;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function totp(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A fresh secret (base32) and the otpauth:// URL an authenticator app scans. */
export function newTotpSecret(accountEmail: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: SECRET_BYTES }).base32;
  return { secret, otpauthUrl: totp(secret, accountEmail).toString() };
}

/** The 30-second step a time falls in. */
export function stepAt(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The step whose code `code` is, within one step of `atMs`, or null (not a code of this secret now). */
export function matchingStep(secretBase32: string, code: string, atMs: number): number | null {
  if (!TOTP_CODE_PATTERN.test(code)) return null;
  const delta = totp(secretBase32).validate({ token: code, timestamp: atMs, window: TOTP_WINDOW });
  return delta === null ? null : stepAt(atMs) + delta;
}

export function isRecoveryCodeShape(code: string): boolean {
  return RECOVERY_CODE_PATTERN.test(code);
}

export interface RecoveryCodeHasher {
  /** The stored form of a code, however it was typed (case, dash). */
  hash(code: string): string;
}

export function createRecoveryCodeHasher(authSecret: string): RecoveryCodeHasher {
  const key = Buffer.from(hkdfSync('sha256', authSecret, '', 'kestrel:two-factor-recovery', 32));
  return {
    hash: (code) => createHmac('sha256', key).update(code.replace('-', '').toLowerCase(), 'utf8').digest('hex'),
  };
}

/** RECOVERY_CODE_COUNT new codes, `xxxxx-xxxxx` from a base32 alphabet (no 0/1/8/9 to mistake for letters). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)] ?? 'a');
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}
