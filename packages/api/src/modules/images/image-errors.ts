// Typed refusals of an upload. They are AppErrors, so the one error handler answers `{ error: { code, message } }` with
// their status: the pipeline decides what went wrong, the route only passes it on.
import { messages } from '@kestrel/shared';
import { AppError } from '../../infra/errors.js';

export type ImageErrorCode =
  | 'image_required'
  | 'image_too_large'
  | 'image_too_many_pixels'
  | 'unsupported_image_type'
  | 'invalid_image'
  | 'invalid_upload';

export class ImageError extends AppError {
  // Narrows the inherited fields' types only (declare emits nothing).
  declare readonly statusCode: 400 | 413 | 415;
  declare readonly code: ImageErrorCode;

  constructor(statusCode: 400 | 413 | 415, code: ImageErrorCode, message: string) {
    super(statusCode, code, message);
    this.name = 'ImageError';
  }
}

export const imageErrors = {
  /** No file part, or a file with no bytes. */
  required: () =>
    new ImageError(
      400,
      'image_required',
      'image is Required: send the file as multipart/form-data in the field "image"',
    ),
  empty: () => new ImageError(400, 'image_required', 'The image file is empty'),
  tooLarge: () => new ImageError(413, 'image_too_large', messages.product.imageTooLarge),
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
  /** The multipart body itself is malformed. */
  badUpload: () => new ImageError(400, 'invalid_upload', 'The upload is not a well-formed multipart/form-data body'),
};
