// The start-up administrator's ADMIN_PASSWORD (B2B §7): it obeys the password rules or the server does not start,
// a new one signs the administrator's sessions out, and a restart with the same one signs nobody out.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { createTestDatabase, databases, type TestDatabase } from '../../helpers/databases.js';
import { freePort } from '../../helpers/free-port.js';
import { ADMIN, logIn, signUp, testConfig } from '../../helpers/test-app.js';
import { meStatus } from './account-fixtures.js';

const server = fileURLToPath(new URL('../../../src/server.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

describe.each(databases)('ADMIN_PASSWORD on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(() => db.drop());

  /** Starts the app on the same database, runs `use`, closes it. */
  async function withApp<T>(password: string, use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>) {
    const app = await buildApp(testConfig(db, { ADMIN_PASSWORD: password }));
    try {
      return await use(app);
    } finally {
      await app.close();
    }
  }

  it('refuses to start with a common password, naming the variable and the rule', async () => {
    await expect(buildApp(testConfig(db, { ADMIN_PASSWORD: 'Password123' }))).rejects.toThrow(
      'ADMIN_PASSWORD is too common (it is on the list of common passwords); choose another one',
    );
  });

  it('refuses a common password for the existing administrator too, and the one it has still signs in', async () => {
    await withApp(ADMIN.password, () => Promise.resolve());
    await expect(buildApp(testConfig(db, { ADMIN_PASSWORD: 'Password123' }))).rejects.toThrow(
      'ADMIN_PASSWORD is too common (it is on the list of common passwords); choose another one',
    );
    await withApp(ADMIN.password, async (app) => {
      expect((await logIn(app, ADMIN.email, ADMIN.password)).token).toBeTruthy();
    });
  });

  it('will not promote an unconfirmed account named by ADMIN_EMAIL alone: its owner may be a squatter', async () => {
    const squatter = await withApp(ADMIN.password, (app) => signUp(app, 'Sam Squatter', 'chief@example.com'));
    const start = buildApp(testConfig(db, { ADMIN_EMAIL: 'chief@example.com', ADMIN_PASSWORD: '' }));
    await expect(start).rejects.toThrow(
      'ADMIN_EMAIL chief@example.com names an account whose e-mail address is not confirmed, so whoever signed it up',
    );
    // With ADMIN_PASSWORD as well, the account is the operator's: promoted, given that password, the squatter out.
    await withApp(ADMIN.password, async (app) => {
      expect((await app.inject({ url: '/api/auth/me', headers: squatter.auth })).json()).toMatchObject({
        role: 'customer',
      });
    });
    const app = await buildApp(
      testConfig(db, { ADMIN_EMAIL: 'chief@example.com', ADMIN_PASSWORD: 'the-chiefs-own-password-7' }),
    );
    try {
      expect(await meStatus(app, squatter.token)).toBe(401);
      const signedIn = await logIn(app, 'chief@example.com', 'the-chiefs-own-password-7');
      expect((await app.inject({ url: '/api/auth/me', headers: signedIn.auth })).json()).toMatchObject({
        role: 'admin',
        emailVerified: true,
      });
    } finally {
      await app.close();
    }
  });

  it('keeps the sessions on a restart with the same password and ends them with a new one', async () => {
    const token = await withApp(ADMIN.password, async (app) => {
      const admin = await logIn(app, ADMIN.email, ADMIN.password);
      const me = await app.inject({ url: '/api/auth/me', headers: admin.auth });
      expect(me.json()).toMatchObject({ role: 'admin', emailVerified: true });
      return admin.token;
    });
    await withApp(ADMIN.password, async (app) => {
      expect(await meStatus(app, token)).toBe(200);
    });
    await withApp('a-new-admin-password-2', async (app) => {
      expect(await meStatus(app, token)).toBe(401);
      expect((await logIn(app, ADMIN.email, 'a-new-admin-password-2')).token).toBeTruthy();
      const old = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ADMIN.email, password: ADMIN.password },
      });
      expect(old.statusCode).toBe(401);
    });
  });
});

describe('server process with a common ADMIN_PASSWORD', () => {
  it('exits 1 with a message naming ADMIN_PASSWORD', async () => {
    const scratch = await createTestDatabase('sqlite');
    const { dir } = scratch;
    const child = spawn(process.execPath, [tsx, server], {
      cwd: dir,
      env: {
        PATH: process.env['PATH'],
        PORT: String(await freePort()),
        SEED_DEMO: '0',
        ADMIN_PASSWORD: 'password123',
        DATA_DIR: dir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A server that starts after all must not outlive the test.
    const stop = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(stop);
    await scratch.drop();
    expect(code).toBe(1);
    expect(stderr).toBe(
      'Could not start: ADMIN_PASSWORD is too common (it is on the list of common passwords); choose another one\n',
    );
  });
});
