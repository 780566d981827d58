// Reads the one file of `POST /api/image` from a multipart body into memory, refusing anything over the size limit
// without buffering more than MAX_IMAGE_BYTES of it.
import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '@kestrel/shared';
import { ImageError, imageErrors } from './image-errors.js';

/** Room for the multipart boundaries, part headers and a few small fields around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const limits = {
  fileSize: MAX_IMAGE_BYTES,
  files: 4,
  fields: 16,
  fieldSize: 4 * 1024,
  parts: 20,
  headerPairs: 50,
};

/** True when the declared body size alone proves the file is too large (so it need not be read). */
export function declaresTooLarge(request: FastifyRequest): boolean {
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) && declared > MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES;
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}

function errorStatus(error: unknown): unknown {
  return error instanceof Error && 'statusCode' in error ? error.statusCode : undefined;
}

export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw imageErrors.required();
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type !== 'file') continue;
      // The first file in the field `image` is the upload; any other file is read past and dropped.
      if (part.fieldname === 'image' && image === undefined) image = await part.toBuffer();
      else part.file.resume();
    }
  } catch (error) {
    if (error instanceof ImageError) throw error;
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') throw imageErrors.tooLarge();
    const status = errorStatus(error);
    // Too many parts/files/fields: the framework's own 4xx. Anything else is busboy failing on a malformed body.
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw imageErrors.badUpload();
  }
  if (!image) throw imageErrors.required();
  return image;
}
