// server.ts as a real process: it serves on PORT and, on SIGTERM, finishes the request in flight, then exits 0.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port.js';

const server = fileURLToPath(new URL('../src/server.ts', import.meta.url));
// tsx's loader inside the server's own process, not its CLI: the CLI runs the server as a child and relays SIGTERM,
// and when the child does not acknowledge within 30 ms (a loaded machine) it SIGKILLs it, dropping the very request
// this test is about (seen in a full test run; npm start execs node, with nothing in between).
const tsxLoader = new URL('../../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;

describe('server process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kestrel-server-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finishes an in-flight sign-up after SIGTERM, then exits 0', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', tsxLoader, server], {
      cwd: dir,
      env: { PATH: process.env['PATH'], PORT: String(port), SEED_DEMO: '0', LOG_LEVEL: 'debug' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 150 && !(await fetch(`${base}/api/health`).catch(() => undefined))?.ok; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    // Sign-up hashes a password (tens of milliseconds): SIGTERM is sent once the server has logged the request. The
    // wait is long because on a loaded machine the log line can take seconds; sending SIGTERM before it races the
    // request's arrival, which is not what this test is about.
    const pending = fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Late', email: 'late@example.com', password: 'password-1' }),
    });
    for (let i = 0; i < 2000 && !output.includes('"url":"/api/auth/signup"'); i++)
      await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGTERM');
    const res = await pending;
    expect(res.status).toBe(201);
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: finishing in-flight requests, then closing the database');
  });
});
