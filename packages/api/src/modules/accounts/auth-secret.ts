// The token signing key: AUTH_SECRET when set, else a random one generated once and kept in the data folder,
// so tokens survive restarts of a single instance. Several instances must share AUTH_SECRET (docs/operations.md).
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const AUTH_SECRET_FILE = 'auth-secret';

export function loadAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, AUTH_SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
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
    return readFileSync(file, 'utf8').trim();
  }
}
