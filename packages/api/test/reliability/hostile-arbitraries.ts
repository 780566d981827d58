// fast-check generators of hostile requests: wrong types, huge and odd unicode strings, deep nesting, negative and
// fractional numbers, prototype-pollution keys, path tricks in ids, broken JSON and wrong content types.
import fc from 'fast-check';

/** Strings attackers try first: traversal, NUL, injection probes, template probes, lone surrogates, odd unicode. */
export const trickyString = fc.constantFrom(
  '../',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f',
  'a\u0000b',
  '\u0000',
  "' OR '1'='1",
  "1' OR 1=1 --",
  '"; DROP TABLE orders; --',
  "admin@example.com' --",
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '\uFEFF\u202E',
  '\uD800',
  '𝕂𝕖𝕤𝕥𝕣𝕖𝕝',
  'e\u0301\u0301\u0301',
  'ß@EXAMPLE.com',
  'a@b.c\n',
  '  ',
  '',
);

export const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, -1000, 0, -0, 0.5, 999.5, 1000.0001, 1e21, -1e21, 2 ** 53 + 2, 2 ** 31, 1e308, 5e-324),
);

const leaf = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  trickyString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1_000, 70_000).map((n) => 'A'.repeat(n)),
);

const key = (fields: string[]) =>
  fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('role', 'isAdmin', 'user_id', 'paid', ...fields));

/** Any JSON value, nested a few levels, with keys that include the call's own field names. */
export const jsonValue = (fields: string[]) =>
  fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key(fields), tie('value'), { maxKeys: 4 }),
    ),
  })).value;

/** An object shaped like the call's body (any subset of its fields) with hostile values. */
const plausibleBody = (fields: string[]) =>
  fc.record(Object.fromEntries(fields.map((f) => [f, jsonValue(fields)])), { requiredKeys: [] });

const POLLUTERS = [
  '"__proto__":{"role":"admin","isAdmin":true,"polluted":1}',
  '"constructor":{"prototype":{"role":"admin","polluted":1}}',
  '"__proto__":null',
];

/** Adds a pollution key as raw JSON text, since JSON.stringify would drop a real __proto__. */
function pollute(json: string, polluter: string): string {
  if (!json.startsWith('{')) return `{${polluter}}`;
  return json === '{}' ? `{${polluter}}` : `{${polluter},${json.slice(1)}`;
}

export interface RawBody {
  payload: string;
  contentType: string;
}

/** A request body as it goes on the wire: mostly JSON, sometimes broken, deep, polluted or mislabeled. */
export const rawBody = (fields: string[]): fc.Arbitrary<RawBody> => {
  const json = fc.oneof(plausibleBody(fields), plausibleBody(fields), jsonValue(fields)).map((v) => JSON.stringify(v));
  const text = fc.oneof(
    { weight: 6, arbitrary: json },
    { weight: 2, arbitrary: fc.tuple(json, fc.constantFrom(...POLLUTERS)).map(([j, p]) => pollute(j, p)) },
    { weight: 1, arbitrary: fc.integer({ min: 50, max: 20_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)) },
    { weight: 1, arbitrary: fc.integer({ min: 50, max: 5_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)) },
    { weight: 1, arbitrary: json.map((j) => j.slice(0, Math.max(1, j.length - 1))) },
    { weight: 1, arbitrary: fc.constantFrom('', 'null', 'true', '"x"', '{"a":1}{"b":2}', '\u0000', '{"x":"\\ud800"}') },
  );
  const type = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-16',
        'multipart/form-data; boundary=x',
        'application/xml',
        'APPLICATION/JSON',
      ),
    },
  );
  return fc.record({ payload: text, contentType: type });
};
