// Route parts load from /static/js/ on demand; a part that fails to load shows a retry button, not a blank page.
import { expect, test } from '@playwright/test';

test('the home page loads its script from /static/js/ and no other page part until it is needed', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('#latest-products article')).toHaveCount(3);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((path) => path.startsWith('/static/js/'))).toBe(true);
  expect(scripts.some((path) => /login-page|dashboard|blog-page|zod|toast/.test(path))).toBe(false);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click();
  await expect(page.getByRole('article')).toHaveCount(5);
  expect(scripts.some((path) => /^\/static\/js\/blog-page-[\w-]+\.js$/.test(path))).toBe(true);
});

test('a part that fails to load offers a retry that works once the network is back', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#latest-products article')).toHaveCount(3);
  await page.route('**/static/js/blog-page-*.js', (route) => route.abort('connectionreset'));

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'This part of the shop could not be loaded' });
  await expect(failure).toBeVisible();
  // The navbar and footer stay usable around the message.
  await expect(page.locator('footer')).toBeVisible();

  await page.unroute('**/static/js/blog-page-*.js');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('article')).toHaveCount(5);
});

test('a page opened at its own address with a small part (the blog) shows it at once: nothing on screen moves', async ({
  page,
}) => {
  // The part arrives late, as on a slow phone. The first render waits for it (app/routes.tsx partOpenedAt) instead of
  // painting a spinner that the long page then replaces, pushing the footer off the screen.
  await page.route('**/static/js/blog-page-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.addInitScript(() => {
    const seen = { shift: 0, spinner: false };
    Object.assign(window, { seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.shift += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      seen.spinner ||= document.querySelector('[role="status"]') !== null;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/blog');
  await expect(page.getByRole('article')).toHaveCount(5);
  const seen = await page.evaluate(() => (window as unknown as { seen: { shift: number; spinner: boolean } }).seen);
  expect(seen).toEqual({ shift: 0, spinner: false });
});
