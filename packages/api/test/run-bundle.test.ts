// scripts/run-bundle.mjs, which `npm start` runs the server bundle through: V8's code cache is written beside the
// bundle after a first start and used by the next, never for another bundle, and a cache it cannot write or V8 refuses
// only costs the compile it would have saved. Each start is a real node process, as `npm start` is.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const runBundleUrl = new URL('../../../scripts/run-bundle.mjs', import.meta.url).href;

/** A bundle that needs what the server's does: require beside itself, __filename, a package loaded later. */
const BUNDLE = `"use strict";
const { answer } = require('./beside.js');
Promise.resolve().then(() => require('node:os')).then((os) => {
  console.log(JSON.stringify({ answer, file: require('node:path').basename(__filename), eol: os.EOL === '\\n' }));
  setTimeout(() => undefined, 100);
});
`;

let dir: string;
let bundle: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kestrel-run-bundle-'));
  bundle = join(dir, 'server.js');
  writeFileSync(join(dir, 'package.json'), '{ "type": "commonjs" }\n');
  writeFileSync(join(dir, 'beside.js'), 'exports.answer = 42;\n');
  writeFileSync(bundle, BUNDLE);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the bundle through runBundle in a new node process; answers the cache's fate and what the bundle printed. */
function start(nodeArgs: string[] = []): { cache: string; printed: unknown } {
  const runner = `import { runBundle } from ${JSON.stringify(runBundleUrl)};
console.log(runBundle(${JSON.stringify(bundle)}, { writeAfterMs: 0 }));`;
  const child = spawnSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', runner], { encoding: 'utf8' });
  expect(child.stderr).toBe('');
  expect(child.status).toBe(0);
  const [cache = '', printed = 'null'] = child.stdout.trim().split('\n');
  return { cache, printed: JSON.parse(printed) };
}

const cacheFile = () => `${bundle}.v8cache`;
const sha256 = (text: string) => createHash('sha256').update(text).digest();

describe('runBundle', () => {
  it('runs the bundle as node would, writes the cache after the first start and uses it at the next', () => {
    expect(start()).toEqual({ cache: 'missing', printed: { answer: 42, file: 'server.js', eol: true } });
    const written = readFileSync(cacheFile());
    expect(written.subarray(0, 32).equals(sha256(BUNDLE))).toBe(true);
    expect(written.length).toBeGreaterThan(32);

    expect(start()).toEqual({ cache: 'used', printed: { answer: 42, file: 'server.js', eol: true } });
    expect(readFileSync(cacheFile()).equals(written)).toBe(true);
  });

  it('never uses the cache of another bundle of the same length (V8 itself checks only the length)', () => {
    start();
    const changed = BUNDLE.replace("require('./beside.js')", "require('./besidf.js')");
    expect(changed.length).toBe(BUNDLE.length);
    writeFileSync(join(dir, 'besidf.js'), 'exports.answer = 7;\n');
    writeFileSync(bundle, changed);
    expect(start()).toEqual({ cache: 'missing', printed: { answer: 7, file: 'server.js', eol: true } });
    expect(readFileSync(cacheFile()).subarray(0, 32).equals(sha256(changed))).toBe(true);
    expect(start().cache).toBe('used');
  });

  it('starts without it when V8 refuses it, and replaces it', () => {
    start();
    const header = readFileSync(cacheFile()).subarray(0, 32);
    writeFileSync(cacheFile(), Buffer.concat([header, Buffer.from('not a code cache at all')]));
    expect(start()).toEqual({ cache: 'rejected', printed: { answer: 42, file: 'server.js', eol: true } });
    expect(start().cache).toBe('used');
  });

  it('starts, and leaves nothing behind, when the cache cannot be written', () => {
    // A directory where the cache would go: the rename fails as on a read-only dist/ (tests run as root, which
    // permissions would not stop).
    mkdirSync(cacheFile());
    writeFileSync(join(cacheFile(), 'keep'), '');
    expect(start()).toEqual({ cache: 'missing', printed: { answer: 42, file: 'server.js', eol: true } });
    expect(readdirSync(dir).sort()).toEqual(['beside.js', 'package.json', 'server.js', 'server.js.v8cache']);
  });

  it('is off under --enable-source-maps, whose stack traces node:vm scripts do not get', () => {
    expect(start(['--enable-source-maps'])).toEqual({
      cache: 'off',
      printed: { answer: 42, file: 'server.js', eol: true },
    });
    expect(existsSync(cacheFile())).toBe(false);
  });
});
