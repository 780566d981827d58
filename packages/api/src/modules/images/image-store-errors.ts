// A store that cannot be reached is the server's trouble, not the caller's: these are AppErrors, so the one error handler
// answers them in the API's shape `{ error: { code, message } }` with 503 or 502 rather than a 500 and a stack in the log
// for every image on the page. The cause stays on the error for the log line (routes.ts logs it once).
import { AppError } from '../../infra/errors.js';

export class ImageStoreError extends AppError {
  declare readonly statusCode: 502 | 503;

  constructor(statusCode: 502 | 503, code: string, message: string, cause: unknown) {
    super(statusCode, code, message);
    this.name = 'ImageStoreError';
    this.cause = cause;
  }
}

export const imageStoreErrors = {
  /** No answer (refused, reset, timed out) or an answer saying "busy": trying again later may work. */
  unavailable: (cause: unknown) =>
    new ImageStoreError(503, 'image_store_unavailable', 'Images cannot be reached right now; try again shortly', cause),
  /** The store answered, but with a refusal that is a setup fault (credentials, bucket). */
  badAnswer: (cause: unknown) =>
    new ImageStoreError(502, 'image_store_error', 'The image store refused the request', cause),
};
