// S3_* selects the S3 image store (B2B §8); a half-made or malformed setting stops the start with a message naming the
// variable, and DATA_DIR alone moves every piece of local state.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/infra/config.js';

const full = {
  S3_BUCKET: 'kestrel-images',
  S3_ENDPOINT: 'http://127.0.0.1:9000/',
  S3_REGION: 'eu-central-1',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
  S3_FORCE_PATH_STYLE: 'true',
};

describe('S3 image store settings', () => {
  it('are off without S3_BUCKET: the disk store in DATA_DIR/uploads', () => {
    const config = loadConfig({}, '/srv/shop');
    expect([config.s3, config.uploadDir]).toEqual([undefined, '/srv/shop/data/uploads']);
  });

  it('read every S3_* value', () => {
    expect(loadConfig(full).s3).toEqual({
      bucket: 'kestrel-images',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' },
      forcePathStyle: true,
    });
  });

  it("default to AWS's endpoint, us-east-1, the SDK's credential chain and virtual-host buckets", () => {
    expect(loadConfig({ S3_BUCKET: 'shop.images-1' }).s3).toEqual({
      bucket: 'shop.images-1',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it.each<[Record<string, string>, string]>([
    [
      { S3_BUCKET: 'Kestrel_Images' },
      'S3_BUCKET must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit',
    ],
    [{ S3_BUCKET: 'ab' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_BUCKET: 'my..bucket' }, 'S3_BUCKET must not hold two dots together or a dot beside a hyphen'],
    [{ S3_BUCKET: 'my.-bucket' }, 'S3_BUCKET must not hold two dots together or a dot beside a hyphen'],
    [{ S3_BUCKET: '192.168.5.4' }, 'S3_BUCKET must not be shaped like an IP address'],
    [
      { ...full, S3_ENDPOINT: 'ftp://files.example.com' },
      'S3_ENDPOINT must be an http(s) URL, e.g. http://127.0.0.1:9000',
    ],
    [{ ...full, S3_ENDPOINT: 'localhost:9000' }, 'S3_ENDPOINT must be an http(s) URL'],
    ...[
      'http://127.0.0.1:9000/kestrel-images',
      'http://127.0.0.1:9000/?region=eu',
      'http://key:secret@127.0.0.1:9000',
    ].map((endpoint): [Record<string, string>, string] => [
      { ...full, S3_ENDPOINT: endpoint },
      'S3_ENDPOINT must be the server alone, e.g. http://127.0.0.1:9000 (no path, query or user; the bucket is S3_BUCKET)',
    ]),
    [{ ...full, S3_REGION: 'eu central' }, 'S3_REGION must be a region name such as us-east-1'],
    [{ ...full, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    [
      { S3_BUCKET: 'kestrel-images', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE' },
      'S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set',
    ],
    [
      { S3_BUCKET: 'kestrel-images', S3_SECRET_ACCESS_KEY: 'secret' },
      'S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set',
    ],
    [
      { S3_ENDPOINT: 'http://127.0.0.1:9000' },
      'S3_ENDPOINT is set but S3_BUCKET is not (set S3_BUCKET to keep images in S3, or unset S3_ENDPOINT)',
    ],
    [{ S3_FORCE_PATH_STYLE: 'true' }, 'S3_FORCE_PATH_STYLE is set but S3_BUCKET is not'],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${message}`);
  });
});

describe('DATA_DIR', () => {
  it('moves the SQLite file, the image folder, the mail folder and the auth secret together', () => {
    const config = loadConfig({ DATA_DIR: '/var/lib/kestrel' }, '/srv/shop');
    expect({
      database: config.database,
      uploadDir: config.uploadDir,
      mail: config.mail.dir,
      dataDir: config.dataDir,
    }).toEqual({
      database: { kind: 'sqlite', file: '/var/lib/kestrel/store.db' },
      uploadDir: '/var/lib/kestrel/uploads',
      mail: '/var/lib/kestrel/mail',
      dataDir: '/var/lib/kestrel',
    });
  });

  it('is relative to the working directory, and each explicit setting still wins', () => {
    const config = loadConfig(
      { DATA_DIR: 'state', DATABASE_URL: 'file:./db/shop.db', UPLOAD_DIR: '/mnt/images', MAIL_DIR: 'outbox' },
      '/srv/shop',
    );
    expect([config.dataDir, config.database, config.uploadDir, config.mail.dir]).toEqual([
      '/srv/shop/state',
      { kind: 'sqlite', file: '/srv/shop/db/shop.db' },
      '/mnt/images',
      '/srv/shop/outbox',
    ]);
  });
});
