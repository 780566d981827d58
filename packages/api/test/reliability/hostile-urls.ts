// fast-check generators of hostile URLs: ids and e-mails in paths with traversal, odd encodings and NUL bytes, and
// query strings with repeated, bracketed and polluting parameters.
import fc from 'fast-check';
import { hostileNumber, trickyString } from './hostile-arbitraries.js';

/** encodeURIComponent refuses lone surrogates; send those as the raw bytes a broken client would (WTF-8). */
const encode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
};

/** What goes in an id or e-mail slot of a path: traversal, encodings, NUL, real-looking ids, anything encoded. */
export const pathSegment = fc.oneof(
  fc.constantFrom(
    '..',
    '..%2f..%2f..%2fetc%2fpasswd',
    '%2e%2e',
    '%2e%2e%2f%2e%2e%2fpackage.json',
    '%252e%252e%252f',
    '%00',
    'a%00b',
    '%C0%AE%C0%AE%2F',
    '..%5c..%5c',
    '%',
    '%zz',
    '.',
    '%20',
    'ann@example.com%00',
    'ann%40example.com',
    '000000000000000000000000',
    'ffffffffffffffffffffffff',
  ),
  fc.stringMatching(/^[0-9a-f]{24}$/),
  fc.string({ maxLength: 40 }).map(encode),
  fc.string({ unit: 'binary', maxLength: 20 }).map(encode),
  trickyString.map(encode),
);

/** A query string of repeated, bracketed, polluting and oddly encoded parameters. */
export const queryString = (names: string[], real: string[] = []) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...names),
          fc.constantFrom(...names).map((n) => `${n}[]`),
          fc.constantFrom('__proto__[role]', 'constructor[prototype][role]', `${names[0]}[__proto__]`),
        ),
        fc.oneof(pathSegment, hostileNumber.map(String), fc.constantFrom('true', '[]', '{}', ...real)),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
