// The S3_* settings (B2B §8, docs/operations.md "Images"): setting S3_BUCKET moves the product images from UPLOAD_DIR to
// an S3-compatible bucket. Kept beside config.ts rather than in it, so the object-storage rules read as one piece; config.ts
// merges these fields into its schema and calls s3ConfigFrom with what it parsed.
import { z } from 'zod';

export interface S3Config {
  bucket: string;
  /** Unset: AWS's own endpoint for the region. Set for MinIO, Garage, R2, Ceph and the like. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's default chain (AWS_* variables, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path (`endpoint/bucket/key`) rather than the host name: what most self-hosted servers need. */
  forcePathStyle: boolean;
}

const text = z.string().trim().min(1).optional();

export const s3EnvFields = {
  // AWS's naming rule (3-63 characters, lowercase letters, digits, dots, hyphens, a letter or digit at each end; no two
  // dots or a dot beside a hyphen; not shaped like an IP address). Servers refuse such names only at the first upload.
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit',
    )
    .refine((v) => !/\.\.|\.-|-\./.test(v), 'must not hold two dots together or a dot beside a hyphen')
    .refine((v) => !/^\d+\.\d+\.\d+\.\d+$/.test(v), 'must not be shaped like an IP address')
    .optional(),
  // The server alone: the bucket is S3_BUCKET and the keys S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY; a path, query or
  // credentials in the URL would be dropped or sent in the clear.
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://127.0.0.1:9000' })
    .refine((v) => {
      const url = new URL(v);
      return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    }, 'must be the server alone, e.g. http://127.0.0.1:9000 (no path, query or user; the bucket is S3_BUCKET)')
    .optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9-]+$/, 'must be a region name such as us-east-1')
    .optional(),
  S3_ACCESS_KEY_ID: text,
  S3_SECRET_ACCESS_KEY: text,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
};

type S3Env = { [K in keyof typeof s3EnvFields]?: z.output<(typeof s3EnvFields)[K]> };

/**
 * The S3 store's settings, or undefined for the disk store. Throws a message naming the variable (config.ts turns it into
 * a ConfigError) for a half-made setting: S3_* without a bucket would otherwise silently keep images on one disk.
 */
export function s3ConfigFrom(e: S3Env): S3Config | undefined {
  if (!e.S3_BUCKET) {
    const stray = (
      ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const
    ).find((name) => e[name] !== undefined);
    if (stray)
      return fail(`${stray} is set but S3_BUCKET is not (set S3_BUCKET to keep images in S3, or unset ${stray})`);
    return undefined;
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    return fail(
      `${missing} is required when ${missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} is set`,
    );
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION ?? 'us-east-1',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

export class S3ConfigError extends Error {}

function fail(message: string): never {
  throw new S3ConfigError(message);
}
