// The folders a start will write to (Config.localFolders) are checked before anything opens them, so an unwritable
// one stops the start with the setting and the path to fix, rather than SQLite's "unable to open database file" or a
// mail outbox that fails at every delivery. Nothing is created here: the stores make their folders when they first
// write (on S3 the upload folder is never made).
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConfigError, type LocalFolder } from './config.js';

/** The folder itself, or the nearest of its parents that exists (where it would be made). */
async function nearestExisting(path: string): Promise<{ path: string; isFolder: boolean }> {
  for (let at = path; ; at = dirname(at)) {
    try {
      return { path: at, isFolder: (await stat(at)).isDirectory() };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || dirname(at) === at) throw error;
    }
  }
}

export async function checkLocalFolders(folders: readonly LocalFolder[]): Promise<void> {
  for (const { setting, path } of folders) {
    const found = await nearestExisting(path);
    const where = found.path === path ? path : `${path}, to be made in ${found.path}`;
    if (!found.isFolder) throw new ConfigError(`${setting} cannot be used: ${found.path} is a file, not a folder`);
    try {
      await access(found.path, constants.W_OK | constants.X_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'an error';
      throw new ConfigError(`${setting} cannot be used: ${where} cannot be written (${code})`);
    }
  }
}
