// Runs the built server (packages/api/dist/server.js) as a real child process on a free port, so tests can kill it,
// signal it and talk to it over TCP like a load balancer would.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/helpers/free-port.js';
import { ADMIN, TEST_SECRET } from '../test/helpers/test-app.js';

export const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_JS = join(API_DIR, 'dist/server.js');

export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/**
 * Starts dist/server.js (or another entry, given as node arguments) on the given database and waits until
 * /api/health answers 200. It runs from the api folder, so `--import tsx` resolves; all paths it gets are absolute.
 */
export async function startServer(
  databaseUrl: string,
  dataDir: string,
  port?: number,
  nodeArgs: string[] = [SERVER_JS],
  /** More environment (SMTP_URL for the mail tests). */
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  if (nodeArgs.includes(SERVER_JS) && !existsSync(SERVER_JS)) {
    throw new Error(`${SERVER_JS} is missing: run npm run build -w packages/api`);
  }
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, nodeArgs, {
    cwd: API_DIR,
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: String(chosen),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: TEST_SECRET,
      DATA_DIR: dataDir,
      UPLOAD_DIR: join(dataDir, 'uploads'),
      SEED_DEMO: '0',
      // These tests stream hundreds of unpaid orders per buyer; the open-order limit is tested in test/modules/orders/ordering.
      MAX_OPEN_ORDERS: '100000000',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const base = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start: ${log}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 30 s: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, port: chosen, child, exited, output: () => log };
}

/** Stops a server that a test left running (after a failure), without waiting for grace. */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}
