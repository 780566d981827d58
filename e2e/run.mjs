// `npm run test:e2e`: build the storefront and the backend, pick a free port, run the Playwright journeys.
// Extra arguments go to Playwright (e.g. `node e2e/run.mjs tests/admin.spec.ts`); E2E_SKIP_BUILD=1 skips the build.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// One run at a time on this machine: a second run's build would rewrite packages/web/dist under the first run's
// server (blank pages mid-journey). flock(1) queues runs; without it the run goes ahead unlocked.
if (!process.env.E2E_LOCK_HELD) {
  const locked = spawnSync(
    'flock',
    ['/tmp/kestrel-e2e.lock', process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, E2E_LOCK_HELD: '1' } },
  );
  if (!locked.error) process.exit(locked.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.env.E2E_SKIP_BUILD !== '1') run('npm', ['run', 'build']);
const port = process.env.E2E_PORT ?? String(await freePort());
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  ...process.env,
  E2E_PORT: port,
});
