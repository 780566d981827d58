// The image store in an S3-compatible bucket (S3_BUCKET; B2B §8, ADR 006). Every instance reads and writes the same
// bucket, so an image uploaded through one is served by all of them, still by the app at `/api/images/<name>` with the
// same headers: the bucket is storage, never a public origin.
//
// One PUT is atomic in S3 (a reader gets the old object, the new one or none, never part of one), which is the
// interface's promise; names are content hashes, so two instances writing the same name write the same bytes.
import { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3Config } from '../../infra/s3-config.js';
import { assertImageName } from './image-store.js';
import type { ImageStore, StoredImage } from './image-store.js';
import { imageStoreErrors } from './image-store-errors.js';

/** Objects live under this prefix, so the bucket may hold other things beside the images. */
export const S3_IMAGE_PREFIX = 'images/';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A bucket that does not answer must not hold a request (or an upload) for long: connecting gets 3 s and a quiet socket
 * 15 s, and the SDK's default of 3 attempts with a short back-off stays in place for a blip.
 */
export const S3_TIMEOUTS = { connectionTimeoutMs: 3_000, requestTimeoutMs: 15_000 };

export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // Since 3.729 the SDK adds CRC checksums (aws-chunked bodies with trailers) to every upload by default; several
    // S3-compatible servers refuse or mis-store those. Checksums only where the API requires them; TLS guards the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: S3_TIMEOUTS.connectionTimeoutMs,
      requestTimeout: S3_TIMEOUTS.requestTimeoutMs,
    },
  };
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = error.$metadata;
  if (typeof metadata !== 'object' || metadata === null || !('httpStatusCode' in metadata)) return undefined;
  return typeof metadata.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined;
}

function nameOf(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/**
 * An S3 failure as the API's error: no answer (refused, reset, timed out) or a 503 from S3 is 503, "try again"; any
 * other refusal (wrong credentials, no such bucket) is 502, the store answered but not as it should. The cause is kept
 * for the log; the client sees only the code and message.
 */
function storeFailure(error: unknown): Error {
  const status = statusOf(error);
  if (status === undefined || status === 503) return imageStoreErrors.unavailable(error);
  return imageStoreErrors.badAnswer(error);
}

/**
 * The SDK is imported here, when S3 is selected, not at the top: loading it costs about 26 MB and a second and a half of
 * start-up that a server on the disk store should not pay (bench/results/history.md, "Memory and start-up").
 */
export async function createS3ImageStore(config: S3Config, given?: S3Client): Promise<ImageStore> {
  const { GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3');
  const client = given ?? new S3Client(s3ClientConfig(config));
  const Bucket = config.bucket;
  const key = (name: string) => `${S3_IMAGE_PREFIX}${name}`;

  return {
    async put(name, bytes) {
      assertImageName(name);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key(name),
            Body: bytes,
            ContentLength: bytes.length,
            ContentType: 'image/webp',
            // For anyone reading the bucket directly (a CDN in front of it); the app sets its own headers.
            CacheControl: IMMUTABLE,
          }),
        );
      } catch (error) {
        throw storeFailure(error);
      }
    },

    async get(name): Promise<StoredImage | null> {
      assertImageName(name);
      let answer;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket, Key: key(name) }));
      } catch (error) {
        // NoSuchKey only: a missing bucket is also a 404 from S3, but that is a broken setup, not a missing image.
        if (nameOf(error) === 'NoSuchKey') return null;
        throw storeFailure(error);
      }
      const { Body, ContentLength } = answer;
      // In Node the body is the HTTP response itself, a Readable: it is passed on as it arrives, never buffered here.
      if (!(Body instanceof Readable) || ContentLength === undefined) {
        if (Body instanceof Readable) Body.destroy();
        throw imageStoreErrors.badAnswer(new Error('S3 answered an object without a streaming body or length'));
      }
      return { stream: Body, size: ContentLength };
    },

    async exists(name) {
      assertImageName(name);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key(name) }));
        return true;
      } catch (error) {
        if (statusOf(error) !== 404) throw storeFailure(error);
      }
      // A HEAD answer has no body, so S3 cannot say which 404 it was: a missing bucket is a broken setup, answered as
      // get() answers it, not a missing image. Asked only for a missing image, which content-addressed names make rare.
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw storeFailure(error);
      }
      return false;
    },

    close() {
      // A client handed in belongs to the caller.
      if (!given) client.destroy();
    },
  };
}
