// The token signing key: AUTH_SECRET when set, else a random one generated once and kept in the data folder,
// so tokens survive restarts of a single instance. Several instances must share AUTH_SECRET (docs/operations.md).
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const AUTH_SECRET_FILE = 'auth-secret';
/** As AUTH_SECRET (config.ts): a shorter key can be guessed offline from one token. */
export const MIN_AUTH_SECRET_LENGTH = 32;

/**
 * A key file that is there but too short (cut off, emptied, hand-edited) is refused rather than signed with, and not
 * replaced either: replacing it would sign everybody out, which is the operator's call.
 */
function checked(secret: string, file: string): string {
  if (secret.length >= MIN_AUTH_SECRET_LENGTH) return secret;
  throw new Error(
    `The auth secret file ${file} holds ${secret.length} characters; a signing key needs at least ` +
      `${MIN_AUTH_SECRET_LENGTH}. Delete the file to have a new key generated (everyone signed in is signed out), ` +
      `or set AUTH_SECRET (at least ${MIN_AUTH_SECRET_LENGTH} characters).`,
  );
}

export function loadAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, AUTH_SECRET_FILE);
  try {
    return checked(readFileSync(file, 'utf8').trim(), file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx' fails if another process wrote it first; then that one's secret is the one to use.
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return secret;
  } catch {
    return checked(readFileSync(file, 'utf8').trim(), file);
  }
}
