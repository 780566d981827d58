// Typed refusals of an upload. Each carries the HTTP status and error code the route answers with, so the pipeline
// decides what went wrong and the route only maps it to `{ error: { code, message } }`.

export type ImageErrorCode =
  'image_required' | 'image_too_large' | 'image_too_many_pixels' | 'unsupported_image_type' | 'invalid_image';

export class ImageError extends Error {
  readonly status: 400 | 413 | 415;
  readonly code: ImageErrorCode;

  constructor(status: 400 | 413 | 415, code: ImageErrorCode, message: string) {
    super(message);
    this.name = 'ImageError';
    this.status = status;
    this.code = code;
  }
}

const MB = 1024 * 1024;

export const imageErrors = {
  /** No file part, or a file with no bytes. */
  required: (message = 'image is Required: send the file in the multipart field "image"') =>
    new ImageError(400, 'image_required', message),
  empty: () => new ImageError(400, 'image_required', 'The image file is empty'),
  tooLarge: (maxBytes: number) =>
    new ImageError(413, 'image_too_large', `The image is larger than ${maxBytes / MB} MB; upload a smaller file`),
  tooManyPixels: (width: number, height: number, maxPixels: number) =>
    new ImageError(
      400,
      'image_too_many_pixels',
      `The image is ${width} x ${height} pixels; at most ${maxPixels / 1_000_000} megapixels are accepted`,
    ),
  /** The content is not one of the accepted formats, whatever the file name or declared type says. */
  unsupported: (detected: string | undefined) =>
    new ImageError(
      415,
      'unsupported_image_type',
      `${detected ? `This ${detected.toUpperCase()} file is not accepted` : 'This file is not an image'}: upload a JPEG, PNG, WebP or GIF image`,
    ),
  /** The header says JPEG/PNG/WebP/GIF but the pixels cannot be decoded (truncated or corrupt). */
  invalid: () => new ImageError(400, 'invalid_image', 'The image could not be read; it may be truncated or corrupt'),
};
