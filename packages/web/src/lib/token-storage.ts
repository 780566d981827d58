// The access token lives in localStorage under SPEC.md's key; storage can throw (private mode, quota), so it is guarded.
import { ACCESS_TOKEN_KEY } from '@kestrel/shared';

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  try {
    if (token === null) window.localStorage.removeItem(ACCESS_TOKEN_KEY);
    else window.localStorage.setItem(ACCESS_TOKEN_KEY, token);
  } catch {
    // Without storage the session simply lasts as long as the page.
  }
}
