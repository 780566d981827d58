// The whole catalogue (B2B §1): a visitor searches, narrows by category, sorts and pages, and every view lives in the
// URL (a link reproduces it; back and forward walk through it). What the page should show is asked of the API.
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { catalogByApi } from '../support/api';
import { SCREENSHOT_DIR } from '../support/settings';

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
/** The product names on the page, in order. */
const names = (page: Page) => results(page).getByRole('heading', { level: 3 });
const summary = (page: Page) => results(page).getByRole('status').first();
const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

test('search, category and sort go into the URL, and back and forward walk through them', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Browse the whole catalogue' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products');
  await expect(page).toHaveTitle('Products · Kestrel Components');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Products', exact: true })).toHaveAttribute('aria-current', 'page');

  const all = await catalogByApi(request);
  await expect(names(page)).toHaveText(all.items.map((p) => p.name));
  await expect(summary(page)).toHaveText(
    `Showing 1–${all.items.length} of ${all.total} products · Page 1 of ${pageCount(all.total, all.pageSize)}`,
  );
  const [first] = all.items;
  if (!first) throw new Error('the catalogue is empty');
  await expect(results(page).getByRole('link', { name: first.name, exact: true })).toHaveAttribute(
    'href',
    `/products/${first._id}`,
  );

  // A search is sent with Enter.
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill('fan');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=fan$/);
  const fans = await catalogByApi(request, 'q=fan');
  await expect(names(page)).toHaveText(fans.items.map((p) => p.name));
  await expect(page.getByLabel('Sort by')).toHaveValue('relevance');

  // Facets count the products matching the search in every category.
  const facets = page.getByRole('navigation', { name: 'Category' }).getByRole('link');
  const sum = fans.categories.reduce((n, c) => n + c.count, 0);
  await expect(facets).toHaveText([
    `All categories ${sum} products`,
    ...fans.categories.map((c) => `${c.name} ${c.count} products`),
  ]);
  await expect(facets.first()).toHaveAttribute('aria-current', 'true');
  const cooling = fans.categories.find((c) => c.name === 'Cooling');
  if (!cooling) throw new Error('no Cooling part matches "fan"');
  await page.getByRole('link', { name: `Cooling ${cooling.count} products` }).click();
  await expect(page).toHaveURL(/\/products\?q=fan&category=Cooling$/);
  const coolingFans = await catalogByApi(request, 'q=fan&category=Cooling');
  await expect(names(page)).toHaveText(coolingFans.items.map((p) => p.name));
  await expect(page.getByRole('link', { name: `Cooling ${cooling.count} products` })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(summary(page)).toHaveText(
    `Showing 1–${coolingFans.total} of ${coolingFans.total} products for “fan” in Cooling · Page 1 of 1`,
  );

  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(/\/products\?q=fan&category=Cooling&sort=price-asc$/);
  const cheapest = await catalogByApi(request, 'q=fan&category=Cooling&sort=price-asc');
  await expect(names(page)).toHaveText(cheapest.items.map((p) => p.name));

  // Back and forward restore each view, the search box and the sort included.
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?q=fan&category=Cooling$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
  await expect(names(page)).toHaveText(coolingFans.items.map((p) => p.name));
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?q=fan$/);
  await expect(names(page)).toHaveText(fans.items.map((p) => p.name));
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect(search).toHaveValue('');
  await expect(names(page)).toHaveText(all.items.map((p) => p.name));
  await page.goForward();
  await expect(page).toHaveURL(/\/products\?q=fan$/);
  await expect(search).toHaveValue('fan');
  await expect(names(page)).toHaveText(fans.items.map((p) => p.name));
});

test('paging through the URL: next, a page number, back, forward, and a shared link', async ({ page, request }) => {
  const view = 'sort=name&pageSize=5';
  const one = await catalogByApi(request, view);
  const two = await catalogByApi(request, `sort=name&page=2&pageSize=5`);
  const pages = pageCount(one.total, 5);
  expect(pages).toBeGreaterThan(3);
  const last = await catalogByApi(request, `sort=name&page=${pages}&pageSize=5`);

  await page.goto(`/products?${view}`);
  await expect(names(page)).toHaveText(one.items.map((p) => p.name));
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');

  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/products\?sort=name&page=2&pageSize=5$/);
  await expect(names(page)).toHaveText(two.items.map((p) => p.name));
  await expect(summary(page)).toHaveText(`Showing 6–10 of ${one.total} products · Page 2 of ${pages}`);
  await expect(pager.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  // The reader starts again at the top of the results.
  await expect(results(page).getByRole('heading', { name: 'Results' })).toBeFocused();

  await pager.getByRole('link', { name: `Page ${pages}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`sort=name&page=${pages}&pageSize=5$`));
  await expect(names(page)).toHaveText(last.items.map((p) => p.name));
  await expect(pager.getByText('Next')).toHaveAttribute('aria-disabled', 'true');

  await page.goBack();
  await expect(page).toHaveURL(/\/products\?sort=name&page=2&pageSize=5$/);
  await expect(names(page)).toHaveText(two.items.map((p) => p.name));
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?sort=name&pageSize=5$/);
  await expect(names(page)).toHaveText(one.items.map((p) => p.name));
  await page.goForward();
  await expect(names(page)).toHaveText(two.items.map((p) => p.name));

  // The address alone reproduces the view in another tab.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await expect(names(other)).toHaveText(two.items.map((p) => p.name));
  await expect(other.getByLabel('Sort by')).toHaveValue('name');
  await other.close();
});

test('no match says so and leads back to every product; a stale page number leads to the last page', async ({
  page,
  request,
}) => {
  await page.goto('/products?q=zz-no-such-part');
  await expect(page.getByText('No products match “zz-no-such-part”.', { exact: true })).toBeVisible();
  await expect(summary(page)).toHaveText('0 products for “zz-no-such-part” · Page 1 of 1');
  await page.getByRole('link', { name: 'Clear the search and show all products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  const all = await catalogByApi(request);
  await expect(names(page)).toHaveText(all.items.map((p) => p.name));

  await page.goto('/products?page=99');
  const pages = pageCount(all.total, all.pageSize);
  await expect(results(page)).toContainText(`There is no page 99: this list has ${pages} pages.`);
  await page.getByRole('link', { name: 'Go to the last page' }).click();
  await expect(page).toHaveURL(new RegExp(`/products\\?page=${pages}$`));
  await expect(names(page).first()).toBeVisible();
});

test('a failed search shows the problem with a retry that works once the shop answers again', async ({ page }) => {
  // The browser's network layer plays an outage for the catalogue call alone; the query retries it 3 times first.
  let outage = true;
  await page.route('**/api/catalog*', (route) =>
    outage
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unavailable', message: 'The shop is busy, try again shortly' } }),
        })
      : route.continue(),
  );
  // The server's page holds its own first answer (B2B §18): the search that fails is one made in the page.
  await page.goto('/products');
  // Before the app takes over, the server's form would submit as a plain page load (answered by the server, no call).
  await page.waitForLoadState('networkidle');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('ssd');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The products could not be loaded.' });
  await expect(alert).toContainText('The shop is busy, try again shortly', { timeout: 30_000 });
  outage = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(names(page).first()).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('at 375 px the catalogue fits the screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/products');
  await expect(names(page).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBe(0);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'products-375.png'), fullPage: true });
});
