// Runs the server bundle (CommonJS) as `node packages/api/dist/server.js` would, but compiled with V8's code cache,
// kept beside it in `server.js.v8cache`. Without it every start parses the 1.9 MB bundle and compiles each function
// it runs: about 200 ms of every restart (bench/results/history.md, "Restart: V8's code cache"). Node 22 can do this
// itself (module.enableCompileCache); Node 20, which this shop supports, only through node:vm.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import vm from 'node:vm';

/** The cache is written this long after the bundle starts: start-up's functions have been compiled by then. */
const WRITE_AFTER_MS = 2000;

const HASH_BYTES = 32;

/**
 * V8 checks a cache against the source's length only, so the file starts with the bundle's SHA-256: a cache made
 * for another build of the same length is never used.
 */
function storedCache(cacheFile, hash) {
  try {
    const stored = readFileSync(cacheFile);
    return stored.subarray(0, HASH_BYTES).equals(hash) ? stored.subarray(HASH_BYTES) : undefined;
  } catch {
    return undefined;
  }
}

/** Best effort: a read-only dist/ (or a full disk) only means every start compiles the bundle, as without a cache. */
function writeCache(cacheFile, hash, script) {
  const temporary = `${cacheFile}.${process.pid}`;
  try {
    writeFileSync(temporary, Buffer.concat([hash, script.createCachedData()]));
    // Instances sharing one checkout may write at once; a rename never leaves a half-written cache to read.
    renameSync(temporary, cacheFile);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/**
 * Runs `file` and answers what became of its cache: `used`; `missing` or `rejected` (V8 refused it: another Node.js
 * version or other V8 flags), when a new one is written WRITE_AFTER_MS later; `off` under --enable-source-maps.
 */
export function runBundle(file, { writeAfterMs = WRITE_AFTER_MS } = {}) {
  const require = createRequire(file);
  // --enable-source-maps maps stack traces of modules Node loads itself, not of node:vm scripts: no cache then.
  if (process.sourceMapsEnabled) {
    require(file);
    return 'off';
  }
  const bytes = readFileSync(file);
  const hash = createHash('sha256').update(bytes).digest();
  // build.mjs writes the bundle in ASCII, so Latin-1 decodes it exactly, and faster than UTF-8.
  const source = bytes.toString('latin1');
  const cacheFile = `${file}.v8cache`;
  const cachedData = storedCache(cacheFile, hash);
  // The bundle has no import() (build.mjs makes them require()), which a node:vm script could not run.
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, file, dirname(file));
  const cache = cachedData === undefined ? 'missing' : script.cachedDataRejected ? 'rejected' : 'used';
  if (cache !== 'used') setTimeout(() => writeCache(cacheFile, hash, script), writeAfterMs).unref();
  return cache;
}
