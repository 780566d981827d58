// Swagger UI at /api/docs must work in a real browser under our CSP (no inline script): Debian's Chromium.
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../e2e/support/chromium.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Chromium is part of the test setup (.ci/run installs it): a missing one fails here rather than skipping the check.
describe('API docs in Chromium', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('renders every operation with no console error or CSP violation', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(String(e)));
      await page.goto(`${base}/api/docs`, { waitUntil: 'networkidle' });
      await page.waitForSelector('.opblock', { timeout: 15_000 });
      const spec = (await t.app.inject({ url: '/api/docs/json' })).json();
      const operations = Object.values(spec.paths).reduce<number>(
        (n, methods) => n + Object.keys(methods ?? {}).length,
        0,
      );
      expect(await page.locator('.opblock').count()).toBe(operations);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
