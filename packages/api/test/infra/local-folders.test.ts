// A folder the configuration writes to that cannot be used stops the start, naming the setting and the path
// (infra/local-folders.ts); a folder not made yet is fine while its parent can be written, and is not made by the check.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ConfigError, loadConfig } from '../../src/infra/config.js';
import { checkLocalFolders } from '../../src/infra/local-folders.js';
import { TEST_SECRET } from '../helpers/test-app.js';

describe('the folders of local state', () => {
  const root = mkdtempSync(join(tmpdir(), 'kestrel-folders-'));
  const file = join(root, 'not-a-folder');
  writeFileSync(file, 'x');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('pass while missing but makeable, and are not made by the check', async () => {
    const path = join(root, 'later', 'mail');
    await checkLocalFolders([{ setting: 'MAIL_DIR', path }]);
    expect(existsSync(join(root, 'later'))).toBe(false);
  });

  it('refuse one under a file, naming the setting and the file', async () => {
    await expect(checkLocalFolders([{ setting: 'MAIL_DIR', path: join(file, 'mail') }])).rejects.toThrow(
      new ConfigError(`MAIL_DIR cannot be used: ${file} is a file, not a folder`),
    );
  });

  it('stop the start before the database is opened: DATA_DIR under a file', async () => {
    const config = loadConfig({ DATA_DIR: join(file, 'data'), AUTH_SECRET: TEST_SECRET, LOG_LEVEL: 'silent' });
    await expect(buildApp(config)).rejects.toThrow(
      new ConfigError(`DATA_DIR cannot be used: ${file} is a file, not a folder`),
    );
  });

  // Root passes every permission check, so an unwritable folder is one on a read-only file system.
  it.runIf(existsSync('/proc/self'))('refuse one that cannot be written, with the error code', async () => {
    await expect(checkLocalFolders([{ setting: 'UPLOAD_DIR', path: '/proc/self/kestrel-uploads' }])).rejects.toThrow(
      /^UPLOAD_DIR cannot be used: \/proc\/self\/kestrel-uploads, to be made in \/proc\/self cannot be written \((EACCES|EROFS|EPERM)\)$/,
    );
  });
});
