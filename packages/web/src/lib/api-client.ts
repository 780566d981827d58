// The one HTTP client of the storefront: every call goes to /api, carries the token when it needs identity,
// and every failure becomes an ApiRequestError with the backend's { error: { code, message } } fields.
import { readToken } from './token-storage';

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body; FormData uploads go through upload-with-progress instead. */
  body?: unknown;
  /** Send the bearer token (default). Public calls pass false so a stale token never breaks browsing. */
  auth?: boolean;
  signal?: AbortSignal;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app registers what a 401 on an identified call means (sign out, go to /login remembering the page). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

function readErrorBody(body: unknown, status: number): { code: string; message: string } {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const error: unknown = body.error;
    if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
      const code = 'code' in error && typeof error.code === 'string' ? error.code : `http_${status}`;
      return { code, message: error.message };
    }
  }
  return { code: `http_${status}`, message: `The request failed (${status}).` };
}

/** Turns any non-2xx answer into an ApiRequestError; shared with the XHR upload. */
export function toApiError(status: number, body: unknown, sentToken: boolean): ApiRequestError {
  if (status === 401 && sentToken) onUnauthorized();
  const { code, message } = readErrorBody(body, status);
  return new ApiRequestError(status, code, message);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.auth === false ? null : readToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiRequestError(
      0,
      'network_error',
      'The shop could not be reached. Check your connection and try again.',
    );
  }

  const text = await response.text();
  if (!response.ok) throw toApiError(response.status, parseOrNull(text), token !== null);
  try {
    // The backend's answers are described by @kestrel/shared; the caller names which one it expects.
    return JSON.parse(text || 'null');
  } catch {
    throw new ApiRequestError(response.status, 'bad_response', 'The shop sent an answer that could not be read.');
  }
}

function parseOrNull(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
