// Where the browser goes after signing in: only a path on this site, so the sign-in cannot be turned into an
// open redirect (https://evil.example, //evil.example and /\evil.example all fall back to '/').

const MAX_RETURN_TO_LENGTH = 2048;

export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_TO_LENGTH) return '/';
  // A single leading slash, then not a second slash or backslash (browsers treat '/\' like '//').
  if (!/^\/(?![/\\])/.test(value)) return '/';
  // Control characters and whitespace have no place in a path and some browsers strip them before parsing.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return '/';
  // The result must still be a path on this origin once a browser resolves it.
  const base = 'http://shop.invalid';
  const resolved = new URL(value, base);
  if (resolved.origin !== base) return '/';
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
