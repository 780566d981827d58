// Who is signed in, as a tiny external store: the token sits in localStorage, the user record in memory.
// On load a stored token is checked with GET /api/auth/me before anybody is treated as signed in.
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@kestrel/shared';
import { ApiRequestError, apiRequest } from './api-client';
import { readToken, writeToken } from './token-storage';

export type AuthStatus = 'checking' | 'signed-in' | 'signed-out';
export interface AuthState {
  status: AuthStatus;
  /** With the company the user is in (null in none), which decides whether company screens are asked for at all. */
  user: SessionUser | null;
}

let state: AuthState = { status: readToken() ? 'checking' : 'signed-out', user: null };
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAuthState(): AuthState {
  return state;
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState);
}

/** Login and signup end here: keep the token first, then publish the user, so guarded pages see both at once. */
export function startSession(token: string, user: SessionUser): void {
  writeToken(token);
  setState({ status: 'signed-in', user });
}

/** Forget the session locally (a 401, or the end of sign-out). */
export function clearSession(): void {
  writeToken(null);
  setState({ status: 'signed-out', user: null });
}

/** Sign Out: revoke the token on the server (best effort), then forget it here whatever the answer. */
export async function signOut(): Promise<void> {
  if (readToken()) {
    try {
      await apiRequest('/auth/logout', { method: 'POST' });
    } catch {
      // The token is dropped locally anyway; the server lets it expire.
    }
  }
  clearSession();
}

/** Validates a stored token once at start-up. */
export async function restoreSession(): Promise<void> {
  if (!readToken()) return;
  try {
    setState({ status: 'signed-in', user: await apiRequest<SessionUser>('/auth/me') });
  } catch (error) {
    // Only a refused token is forgotten; an unreachable server keeps it for the next visit.
    if (error instanceof ApiRequestError && error.status === 401) clearSession();
    else setState({ status: 'signed-out', user: null });
  }
}

/**
 * Reads the signed-in user again after something changed their company (created, joined, left, a new role). A failure
 * keeps what is known: a 401 has signed out already (the API client's handler), and company calls still answer for
 * themselves.
 */
export async function refreshUser(): Promise<void> {
  if (state.status !== 'signed-in') return;
  try {
    const user = await apiRequest<SessionUser>('/auth/me');
    // Unless the session changed hands meanwhile (signed out, or in as someone else).
    if (state.status === 'signed-in' && state.user?._id === user._id) setState({ status: 'signed-in', user });
  } catch {
    // Kept as it was; see above.
  }
}
