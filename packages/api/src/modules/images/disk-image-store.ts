// The default image store: files in UPLOAD_DIR (default ./data/uploads). Writes go to a temporary file in the same
// directory, are flushed, then renamed into place, so a crash or a concurrent reader never sees half an image.
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { assertImageName } from './image-store.js';
import type { ImageStore, StoredImage } from './image-store.js';

/** Temporary files start with a dot so they never match the image name pattern and are never served. */
const TEMP_PREFIX = '.tmp-';

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

export function createDiskImageStore(uploadDir: string): ImageStore {
  const dir = resolve(uploadDir);

  return {
    async put(name, bytes) {
      assertImageName(name);
      await mkdir(dir, { recursive: true });
      const temp = join(dir, `${TEMP_PREFIX}${randomUUID()}`);
      try {
        const file = await open(temp, 'wx');
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temp, join(dir, name));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(name): Promise<StoredImage | null> {
      assertImageName(name);
      let file;
      try {
        file = await open(join(dir, name), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // Size and stream come from the same open file, so they agree even if the name is rewritten meanwhile.
      try {
        const { size } = await file.stat();
        return { stream: file.createReadStream(), size };
      } catch (error) {
        await file.close();
        throw error;
      }
    },

    async exists(name) {
      assertImageName(name);
      try {
        return (await stat(join(dir, name))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
