// The image tests run on both stores (B2B §8): the local disk, and an S3 bucket on a real S3-protocol server (s3rver).
// A StoreUnderTest gives the settings that select it and a way to see what it holds without going through the app.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/infra/config.js';
import { createImageStore } from '../../../src/modules/images/create-image-store.js';
import type { ImageStore } from '../../../src/modules/images/image-store.js';
import { S3_IMAGE_PREFIX } from '../../../src/modules/images/s3-image-store.js';
import { startLocalS3, type LocalS3 } from '../../helpers/s3-server.js';
import { listUploads } from './http-helpers.js';

export type StoreKind = 'disk' | 's3';
/** For `describe.each(storeKinds)`. */
export const storeKinds: StoreKind[] = ['disk', 's3'];

export interface StoreUnderTest {
  kind: StoreKind;
  /** Settings for the app: UPLOAD_DIR, or the S3_* of the local server. */
  env: Record<string, string>;
  /** Everything the store holds, sorted: image names, and anything else under its own name (a stray temp file). */
  list(): Promise<string[]>;
  read(name: string): Promise<Buffer>;
  /** The store itself, chosen from `env` as the app chooses it (close it after use). */
  open(): Promise<ImageStore>;
  /** The S3 server, for the tests that stop it. */
  s3: LocalS3 | undefined;
  close(): Promise<void>;
}

const open = (env: Record<string, string>) => createImageStore(loadConfig(env));

export async function storeUnderTest(kind: StoreKind): Promise<StoreUnderTest> {
  if (kind === 'disk') {
    const root = await mkdtemp(join(tmpdir(), 'kestrel-uploads-'));
    // A folder that does not exist yet: the store creates it on the first write.
    const dir = join(root, 'uploads');
    return {
      kind,
      env: { UPLOAD_DIR: dir },
      list: () => listUploads(dir),
      read: (name) => readFile(join(dir, name)),
      open: () => open({ UPLOAD_DIR: dir }),
      s3: undefined,
      close: () => rm(root, { recursive: true, force: true }),
    };
  }
  const s3 = await startLocalS3();
  return {
    kind,
    env: s3.env,
    list: async () =>
      (await s3.keys()).map((key) => (key.startsWith(S3_IMAGE_PREFIX) ? key.slice(S3_IMAGE_PREFIX.length) : key)),
    read: (name) => s3.read(`${S3_IMAGE_PREFIX}${name}`),
    open: () => open(s3.env),
    s3,
    close: () => s3.close(),
  };
}
