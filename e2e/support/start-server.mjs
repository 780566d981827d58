// Starts the built backend (which serves the built storefront) on a fresh SQLite database in a temp folder, for one
// Playwright run, with the administrator playwright.config.ts passes in (ADMIN_EMAIL, ADMIN_PASSWORD from
// support/settings.ts). The folder is removed when the server stops.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

if (!process.env.ADMIN_EMAIL || !process.env.ADMIN_PASSWORD)
  throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD are required');
const dir = mkdtempSync(join(tmpdir(), 'kestrel-e2e-'));
const port = process.env.E2E_PORT ?? '4310';
Object.assign(process.env, {
  PORT: port,
  DATABASE_URL: `file:${join(dir, 'store.db')}`,
  DATA_DIR: join(dir, 'data'),
  UPLOAD_DIR: join(dir, 'uploads'),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SEED_DEMO: '1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // The journeys sign up and sign in from one address far faster than people do (the limit has its own API tests).
  AUTH_ATTEMPTS_PER_MINUTE: '600',
});

// E2E_MAIL_DIR (playwright.config.ts): mail as .eml files in a folder the journeys read (support/mail.ts), emptied
// per run; without it, mail stays in the temp folder.
const mailDir = process.env.E2E_MAIL_DIR ? resolve(process.env.E2E_MAIL_DIR) : join(dir, 'data', 'mail');
rmSync(mailDir, { recursive: true, force: true });
process.env.MAIL_DIR = mailDir;

const cleanUp = () => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
};
process.on('exit', cleanUp);

// E2E_SERVER_ENTRY lets a developer point at another entry (for example the TypeScript source through tsx).
const entry = resolve(process.env.E2E_SERVER_ENTRY ?? 'packages/api/dist/server.js');
await import(pathToFileURL(entry).href);
