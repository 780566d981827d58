// Settings shared by the Playwright config and the journeys. run.mjs picks a free port and passes it down.
export const PORT = Number(process.env['E2E_PORT'] ?? 4310);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const ADMIN_EMAIL = 'admin@kestrel.test';
export const ADMIN_PASSWORD = 'e2e-admin-password-1';
/** The journeys' screenshots (gitignored); a reviewer looks at them next to the test report. */
export const SCREENSHOT_DIR = new URL('../artifacts/screenshots/', import.meta.url).pathname;
