// The shop's backend as a child process, so the storefront can be measured with real data (test/page-weight.test.ts):
// the api package's TypeScript entry run through tsx (the current sources, nothing to build first) on a fresh SQLite
// file in a temp folder, with the demo catalogue. A process, not an import: the storefront never imports the api.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Backend {
  origin: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** Starts packages/api/src/server.ts and resolves once `GET /api/health` answers 200. */
export async function startBackend(repoDir: string, timeoutMs = 60_000): Promise<Backend> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kestrel-web-backend-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoDir, 'packages/api/src/server.ts')], {
    cwd: repoDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${path.join(dir, 'store.db')}`,
      DATA_DIR: dir,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-2000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(`${origin}/api/health`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the backend did not start (exit ${child.exitCode}): ${output.slice(-600)}`);
    }
    await sleep(100);
  }
  return { origin, stop };
}
