// `npm start`: build what is missing or stale, then run the server bundle in this same process, compiled through V8's
// code cache (run-bundle.mjs). One process rather than a launcher and a server: no second Node.js start-up on the way
// to the first answer, no launcher's 40 MB beside the server, and the SIGTERM npm forwards reaches the server itself
// (package.json's start script `exec`s node, so no shell stands between them to swallow it). That script also sets V8's heap policy (bench/results/history.md, "Memory and
// start-up"): --max-semi-space-size=4 keeps the young generation at 2 x 4 MB (left alone, it grows to 2 x 16 MB during
// start-up and stays resident), and --heap-growing-percent=100 lets the old generation grow to twice what survived the
// last full collection rather than up to four times (under order load the peak was 220 MiB, now 160 MiB). Neither
// changed the read or order throughput measurably.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBundle } from './run-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'packages/web');
const api = join(root, 'packages/api');
const serverJs = join(api, 'dist/server.js');
/** Everything packages/api/build.mjs writes that the server runs. */
const bundles = [serverJs, join(api, 'dist/process-images-entry.js'), join(api, 'dist/sqlite-reader-entry.js')];

// Building is said on stderr, the builds' own output included: stdout carries the server's log lines alone, one JSON
// object each when it is not a terminal, for whatever collects them.
function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ['inherit', 2, 2] });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed in ${cwd}`);
    process.exit(result.status ?? 1);
  }
}

/** True when a file under `dir` (skipping node_modules and build output) was modified after `time`; stops at the first. */
function changedSince(dir, time) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory() ? changedSince(path, time) : statSync(path).mtimeMs > time) return true;
  }
  return false;
}

// The storefront: built once when its source exists and no build does (`npm run build` rebuilds it on purpose).
if (existsSync(join(web, 'index.html')) && !existsSync(join(web, 'dist/index.html'))) {
  console.error('Building the storefront (packages/web)...');
  run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], web);
}

// The server bundle: rebuilt when missing or older than its sources or the shared contract (a stat of each source
// file, a few milliseconds).
const built = bundles.every((file) => existsSync(file))
  ? Math.min(...bundles.map((file) => statSync(file).mtimeMs))
  : 0;
const stale =
  built === 0 ||
  statSync(join(api, 'build.mjs')).mtimeMs > built ||
  changedSince(join(api, 'src'), built) ||
  changedSince(join(root, 'packages/shared/src'), built);
if (stale) {
  console.error('Building the server (packages/api)...');
  run(process.execPath, [join(api, 'build.mjs')], api);
}

runBundle(serverJs);
