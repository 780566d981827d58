// DATA_DIR moves every piece of local state (docs/operations.md): a real server process started in an empty working
// directory with only DATA_DIR set writes its database, auth secret, uploaded images and mail there, and nothing into
// the working directory (no ./data).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port.js';
import * as fixture from './modules/images/image-fixtures.js';
import { multipart } from './modules/images/http-helpers.js';

const server = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const tsx = pathToFileURL(fileURLToPath(new URL('../../../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;
const ADMIN = { email: 'boss@example.com', password: 'admin-password-1' };

describe('DATA_DIR', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'kestrel-cwd-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'kestrel-data-'));
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(cwd, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds the database, auth secret, images and mail, and the working directory stays empty', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--import', tsx, server], {
      cwd,
      // No DATABASE_URL, UPLOAD_DIR, MAIL_DIR or AUTH_SECRET: every default is under DATA_DIR.
      env: {
        PATH: process.env['PATH'],
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 600 && !(await fetch(`${base}/api/health`).catch(() => undefined))?.ok; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const body = await multipart([{ bytes: await fixture.png(64, 48), type: 'image/png', filename: 'p.png' }]);
    const upload = await fetch(`${base}/api/image`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      body: body.payload,
    });
    expect(upload.status).toBe(200);
    // A password-reset mail, delivered by the background job as an .eml file (no SMTP_URL).
    const forgot = await fetch(`${base}/api/auth/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email }),
    });
    expect(forgot.status).toBe(202);
    const mailDir = join(dataDir, 'mail');
    for (let i = 0; i < 300 && !(existsSync(mailDir) && readdirSync(mailDir).length > 0); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }

    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    expect(readdirSync(cwd)).toEqual([]);
    expect(
      readdirSync(dataDir)
        .filter((name) => !/^store\.db-(wal|shm)$/.test(name))
        .sort(),
    ).toEqual(['auth-secret', 'mail', 'store.db', 'uploads']);
    expect(readdirSync(join(dataDir, 'uploads'))).toHaveLength(2);
    expect(readdirSync(mailDir).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
  }, 120_000);
});
