import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, PORT } from './support/settings';
import { MAIL_DIR } from './support/mail';

// Journeys in Debian's Chromium against the built product: `node e2e/run.mjs` builds, picks a port and runs this.
export default defineConfig({
  testDir: './tests',
  // One folder per run (the port is unique), so runs started side by side never delete each other's traces.
  outputDir: `./artifacts/test-results/${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    cwd: new URL('..', import.meta.url).pathname,
    url: `${BASE_URL}/api/health`,
    // The server's administrator is the one the journeys sign in as (support/settings.ts).
    // The server writes its mail where the journeys read it (support/mail.ts).
    // The webhook journey's receiver listens on loopback.
    env: { E2E_PORT: String(PORT), ADMIN_EMAIL, ADMIN_PASSWORD, E2E_MAIL_DIR: MAIL_DIR, WEBHOOK_ALLOW_PRIVATE: 'true' },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
