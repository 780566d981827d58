// A real S3-protocol server for tests: s3rver on a port the system picks on 127.0.0.1, keeping its objects in a temp
// folder, with one bucket made. `env` is what the app needs to use it (S3_*), `stop` and `start` take it down and bring
// it back on the same port (the "S3 is down" tests), `close` stops it and removes the folder.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account. */
const ACCESS_KEY = 'S3RVER';

export interface LocalS3 {
  bucket: string;
  endpoint: string;
  /** The settings that select this server's bucket as the image store. */
  env: Record<string, string>;
  /** Keys in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** An object's bytes, read from s3rver's folder (not through the app's client). */
  read(key: string): Promise<Buffer>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'kestrel-images'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'kestrel-s3-'));
  let port = 0;
  let server: S3rver | undefined;

  const start = async () => {
    const next = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      // Path-style only: the bucket is in the path, as S3_FORCE_PATH_STYLE=true asks.
      vhostBuckets: false,
      configureBuckets: [{ name: bucket }],
    });
    ({ port } = await next.run());
    server = next;
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };

  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      // s3rver keeps each object as <key>._S3rver_object (with metadata and md5 files beside it) under <bucket>/.
      const files = await readdir(join(directory, bucket), { recursive: true });
      return files
        .filter((file) => file.endsWith('._S3rver_object'))
        .map((file) => file.slice(0, -'._S3rver_object'.length))
        .sort();
    },
    read: (key) => readFile(join(directory, bucket, `${key}._S3rver_object`)),
    stop,
    start,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
