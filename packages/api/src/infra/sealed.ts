// Secrets the database must carry but not reveal (the token of a queued reset link, docs/reliability.md #24):
// AES-256-GCM under a key derived with HKDF from the auth secret and a purpose, so a row read from the database, a
// backup or a replica is useless without the server's secret, and a changed row does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'sealed.v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealer {
  seal(plain: string): string;
  /** The sealed text's plain text; throws when it is not sealed, or not by this key, or was changed. */
  open(sealed: string): string;
}

export function createSealer(secret: string, purpose: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', secret, '', `kestrel:${purpose}`, 32));
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed value');
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
