// The return-to-origin rule: guards send people to /login with `state.from`; after sign-in they go back there, else '/'.
import type { Location } from 'react-router';

export interface FromState {
  from: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

function isPathLike(value: unknown): value is { pathname: string; search?: unknown; hash?: unknown } {
  return typeof value === 'object' && value !== null && 'pathname' in value && typeof value.pathname === 'string';
}

/** Where to go after signing in, read from router state; only same-site paths are accepted. */
export function originPath(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return '/';
  const from = state.from;
  if (typeof from === 'string') return from.startsWith('/') && !from.startsWith('//') ? from : '/';
  if (!isPathLike(from) || !from.pathname.startsWith('/')) return '/';
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  const path = `${from.pathname}${search}${hash}`;
  return path.startsWith('/login') || path.startsWith('/signup') ? '/' : path;
}

/** An e-mail address a page hands the sign-up form in router state (`state.email`: the invite page's address). */
export function stateEmail(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  return typeof state.email === 'string' ? state.email : '';
}
