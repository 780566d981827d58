// Issue #17, finding 4: a DATA_DIR/auth-secret that exists but holds a short or empty key must stop the start, not
// sign tokens with it (before the fix a short one was used as it was, and an empty one came back as the empty key).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { AUTH_SECRET_FILE, loadAuthSecret } from '../../src/modules/accounts/auth-secret.js';
import { createTestDatabase } from '../helpers/databases.js';
import { testConfig } from '../helpers/test-app.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function dataDirWith(content: string): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'kestrel-secret-'));
  dirs.push(dir);
  const file = join(dir, AUTH_SECRET_FILE);
  writeFileSync(file, content);
  return { dir, file };
}

const refusal = (file: string, length: number) =>
  `The auth secret file ${file} holds ${length} characters; a signing key needs at least 32. ` +
  'Delete the file to have a new key generated (everyone signed in is signed out), or set AUTH_SECRET ' +
  '(at least 32 characters).';

describe('an auth-secret file too short to sign with', () => {
  it.each([
    ['short', 'short-key\n', 9],
    ['empty', '', 0],
    ['blank', '   \n\n', 0],
    ['31 characters', 'a'.repeat(31) + '\n', 31],
  ])('%s: refuses to start, naming the file and the fix, and leaves the file alone', (_name, content, length) => {
    const { dir, file } = dataDirWith(content);
    expect(() => loadAuthSecret(undefined, dir)).toThrow(refusal(file, length));
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('32 characters or more are used as they are (trimmed)', () => {
    const { dir } = dataDirWith(` ${'k'.repeat(32)}\n`);
    expect(loadAuthSecret(undefined, dir)).toBe('k'.repeat(32));
  });

  it('AUTH_SECRET set: the file is not read', () => {
    const { dir } = dataDirWith('');
    expect(loadAuthSecret('s'.repeat(40), dir)).toBe('s'.repeat(40));
  });

  it('the app does not start', async () => {
    const db = await createTestDatabase('sqlite');
    try {
      const file = join(db.dir, AUTH_SECRET_FILE);
      writeFileSync(file, 'tiny');
      const config = { ...testConfig(db), authSecret: undefined };
      await expect(buildApp(config)).rejects.toThrow(refusal(file, 4));
    } finally {
      await db.drop();
    }
  });
});
