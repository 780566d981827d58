// Expected failures: services throw these and the error handler turns them into `{ error: { code, message } }`.

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** More of the error object, e.g. `rows` naming every bad line of a CSV file (the route's schema must name it). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, 'forbidden', message);
export const unauthorized = (message = 'Sign in to do this') => new AppError(401, 'unauthorized', message);

/** A 429 that says when to come back: the error handler sends `Retry-After` (RFC 6585) besides the message. */
export class RetryLaterError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(429, 'rate_limited', message);
    this.name = 'RetryLaterError';
  }
}
