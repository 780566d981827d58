// `npm start`: build what is missing or stale, then run the bundled server with stdio inherited and signals forwarded.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'packages/web');
const api = join(root, 'packages/api');
const serverJs = join(api, 'dist/server.js');

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed in ${cwd}`);
    process.exit(result.status ?? 1);
  }
}

/** Newest modification time of the files under a folder (skipping node_modules and build output). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

// The storefront: built once when its source exists and no build does (`npm run build` rebuilds it on purpose).
if (existsSync(join(web, 'index.html')) && !existsSync(join(web, 'dist/index.html'))) {
  console.log('Building the storefront (packages/web)...');
  run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], web);
}

// The server bundle: rebuilt when missing or older than its sources or the shared contract.
const sources = Math.max(
  newest(join(api, 'src')),
  newest(join(root, 'packages/shared/src')),
  statSync(join(api, 'build.mjs')).mtimeMs,
);
if (!existsSync(serverJs) || statSync(serverJs).mtimeMs < sources) {
  console.log('Building the server (packages/api)...');
  run(process.execPath, [join(api, 'build.mjs')], api);
}

const child = spawn(process.execPath, ['--enable-source-maps', serverJs], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
