// The one HTTP client of the storefront: every call goes to /api, carries the token when it needs identity,
// and every failure becomes an ApiRequestError with the backend's { error: { code, message } } fields.
import { TWO_FACTOR_REQUIRED_CODE } from '@kestrel/shared';
import { readToken } from './token-storage';
import { markTwoFactorRequired } from './two-factor-required';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The answer's whole `error` object, for calls that say more than a message (a CSV import's bad rows). */
    readonly detail: unknown = null,
  ) {
    super(message);
  }
}

/**
 * The server's refusal: a 4xx that will answer the same on a second try. A time-out (408) or a rate limit (429) says
 * "not now", not "no", and a failure without a status never reached the server.
 */
export function isRefusal(error: unknown): error is ApiRequestError {
  return (
    error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status)
  );
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * A JSON body, or a Blob sent as it is with the Blob's type (a CSV file); the image upload uses XMLHttpRequest
   * instead (upload progress).
   */
  body?: unknown;
  /** Send the bearer token (default). Public calls pass false so a stale token never breaks browsing. */
  auth?: boolean;
  signal?: AbortSignal;
}

let onUnauthorized = () => {};

/** The app registers what a 401 on an identified call means (sign out, go to /login remembering the page). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Turns a non-2xx answer into an ApiRequestError; shared with the XHR upload. */
export function toApiError(status: number, text: string, sentToken: boolean): ApiRequestError {
  if (status === 401 && sentToken) onUnauthorized();
  const body = parseJson(text);
  const error = typeof body === 'object' && body !== null && 'error' in body ? body.error : null;
  const field = (key: 'code' | 'message') =>
    typeof error === 'object' && error !== null && key in error ? String(Reflect.get(error, key)) : null;
  if (status === 403 && field('code') === TWO_FACTOR_REQUIRED_CODE) markTwoFactorRequired();
  return new ApiRequestError(
    status,
    field('code') ?? `http_${status}`,
    field('message') ?? `Request failed (${status})`,
    error,
  );
}

/** Sends one call and answers the successful response; every failure becomes an ApiRequestError. */
async function send(path: string, { method, body, auth, signal }: RequestOptions): Promise<Response> {
  const token = auth === false ? null : readToken();
  const headers: Record<string, string> = {};
  const blob = body instanceof Blob;
  if (body !== undefined) headers['Content-Type'] = blob ? body.type : 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      signal,
      body: blob ? body : body === undefined ? null : JSON.stringify(body),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiRequestError(0, 'network_error', 'The shop could not be reached. Please try again.');
  }
  if (!response.ok) throw toApiError(response.status, await response.text(), token !== null);
  return response;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const text = await (await send(path, options)).text();
  // The answers are described by @kestrel/shared; the caller names the one it expects.
  return JSON.parse(text || 'null');
}

/** A call that answers a file (a CSV export) rather than JSON. */
export async function apiFile(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await send(path, options)).blob();
}
