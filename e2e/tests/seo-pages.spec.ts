// B2B §18 in Chromium: a product page's HTML shows the product before any script runs, and the app takes over with no
// visible change (every box where the server drew it, no layout shift); axe and the phone width on the page.
import { expect, test, type Page } from '@playwright/test';
import { adminByApi, createProductByApi, uniqueSku } from '../support/api';
import { checkScreen } from '../support/screens';

/** The boxes a reader sees move if anything is redrawn differently: heading, price, panels, the first button. */
async function boxes(page: Page) {
  const main = page.locator('#main');
  const targets = [
    main.getByRole('heading', { level: 1 }),
    main.getByRole('heading', { level: 2 }).first(),
    main.getByText(/^Price:/),
    main.getByRole('region', { name: 'Order in bulk' }),
    main.getByRole('region', { name: 'Need a better price?' }),
    main.getByRole('region', { name: 'Product details' }),
    main.getByRole('link', { name: 'Sign in to order' }),
    page.getByRole('navigation', { name: 'Main' }),
  ];
  const out = [];
  for (const target of targets) out.push(await target.boundingBox());
  return out;
}

test('a product page holds the product before its scripts, and the app takes over without a visible change', async ({
  browser,
  request,
}) => {
  const admin = await adminByApi(request);
  const sku = uniqueSku('E2E-SEO');
  const product = await createProductByApi(request, admin, {
    sku,
    price: 1234.5,
    quantity: 100,
    packSize: 10,
    availableQuantity: 5000,
    priceBreaks: [{ minQuantity: 500, price: 1100 }],
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    // What a crawler (and a reader before the scripts arrive) sees: the server's HTML alone.
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport });
    const before = await bare.newPage();
    await before.goto(`/products/${product._id}`);
    await expect(before.locator('#main').getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(before.locator('#main').getByText(sku, { exact: true })).toBeVisible();
    await expect(before.locator('#main').getByText('In stock', { exact: true })).toBeVisible();
    await expect(before.locator('#main').getByText('Price:$1,234.50/per unit')).toBeVisible();
    const served = await boxes(before);
    await bare.close();

    // The same page with its scripts: layout shifts are recorded from the first paint.
    const live = await browser.newContext({ viewport });
    const page = await live.newPage();
    // And every change of the page's tree is checked: the heading must never be gone (a spinner in its place, an
    // empty root), not even between two paints.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      const gone: string[] = [];
      Object.assign(window, { layoutShifts: shifts, headingGone: gone });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push(Number(Reflect.get(entry, 'value')));
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver(() => {
          if (!document.querySelector('#main h1')) gone.push(document.getElementById('root')?.textContent ?? '');
        }).observe(document.body, { childList: true, subtree: true });
      });
    });
    await page.goto(`/products/${product._id}`);
    // The app has taken over once React owns the root and the product's own request has come back.
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
    );
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveTitle(`${product.name} · Kestrel Components`);
    expect(await boxes(page)).toEqual(served);
    const gone: string[] = await page.evaluate(() => Reflect.get(window, 'headingGone'));
    expect(gone).toEqual([]);
    const shifts: number[] = await page.evaluate(() => Reflect.get(window, 'layoutShifts'));
    expect(shifts.reduce((a, b) => a + b, 0)).toBe(0);
    if (viewport.width > 400) {
      await checkScreen(page, 'seo-product-page', async () => {
        await expect(page.locator('#main').getByRole('heading', { level: 1 })).toHaveText(product.name);
      });
    }
    await live.close();
  }
});
