// Punch-out's secrets (B2B §17): a connection's shared secret and a start token, each 32 random bytes, kept only as
// their SHA-256 (far beyond guessing, so a fast hash is enough, as for API keys) and compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const newSecret = () => randomBytes(32).toString('base64url');

export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Whether `secret` is the one `hash` was made from. */
export function secretMatches(secret: string, hash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
