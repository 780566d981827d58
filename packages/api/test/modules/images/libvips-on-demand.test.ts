// libvips (through sharp) is mapped into the server only when it is sent an image: a first start processes the demo
// pictures in a child process, a restart needs none (bench/results/history.md, "Memory and start-up"). Watched as the
// operating system sees it, in the real server process's memory maps.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productSchema } from '@kestrel/shared';
import { freePort } from '../../helpers/free-port.js';
import { multipart } from './http-helpers.js';

const server = fileURLToPath(new URL('../../../src/server.ts', import.meta.url));
const tsx = pathToFileURL(
  fileURLToPath(new URL('../../../../../node_modules/tsx/dist/loader.mjs', import.meta.url)),
).href;
const demoPicture = fileURLToPath(new URL('../../../assets/demo/processor.png', import.meta.url));
const ADMIN = { email: 'boss@example.com', password: 'admin-password-1' };

/** Whether the process has libvips mapped (libvips-cpp.so.<version>, sharp's native library, loaded with sharp). */
const hasLibvips = (pid: number) => /\/libvips-cpp\.so/.test(readFileSync(`/proc/${pid}/maps`, 'utf8'));

/** Every server this file starts, so that none outlives it. */
const started: ChildProcess[] = [];

async function startServer(dir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  // node itself runs the server (tsx as a loader, not its CLI, which would start a second process).
  const child = spawn(process.execPath, ['--import', tsx, server], {
    cwd: dir,
    env: {
      PATH: process.env['PATH'],
      PORT: String(port),
      DATA_DIR: dir,
      DATABASE_URL: `file:${join(dir, 'store.db')}`,
      UPLOAD_DIR: join(dir, 'uploads'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  started.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300 && !(await fetch(`${base}/api/health`).catch(() => undefined))?.ok; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base };
}

function stop(child: ChildProcess): Promise<unknown> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

describe('libvips in the server process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kestrel-image-process-'));
  afterAll(async () => {
    // A failed expectation must not leave a server running.
    await Promise.all(started.filter((child) => child.exitCode === null && child.signalCode === null).map(stop));
    rmSync(dir, { recursive: true, force: true });
  });

  it('is not loaded by a first start that seeds the demo pictures, nor by a restart; the first upload loads it', async () => {
    const first = await startServer(dir);
    expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
    const products = productSchema.array().parse(await (await fetch(`${first.base}/api/service`)).json());
    expect(products).toHaveLength(30);
    // Each demo picture stored as a full WebP and its card.
    expect(readdirSync(join(dir, 'uploads')).filter((name) => name.endsWith('.webp'))).toHaveLength(60);
    expect(hasLibvips(first.child.pid ?? 0)).toBe(false);
    await stop(first.child);

    const again = await startServer(dir);
    expect((await fetch(`${again.base}/api/health`)).status).toBe(200);
    expect(hasLibvips(again.child.pid ?? 0)).toBe(false);

    const login = await fetch(`${again.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = z.object({ token: z.string() }).parse(await login.json());
    const body = await multipart([{ bytes: readFileSync(demoPicture), filename: 'processor.png', type: 'image/png' }]);
    const upload = await fetch(`${again.base}/api/image`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      body: body.payload,
    });
    expect(upload.status).toBe(200);
    expect(hasLibvips(again.child.pid ?? 0)).toBe(true);
    await stop(again.child);
  });
});
