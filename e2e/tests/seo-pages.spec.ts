// B2B §18 in Chromium: a product page, the catalogue and the home page hold their content in the server's HTML before
// any script runs, and the app takes over with no visible change: the same tree of elements, classes and texts
// (support/page-tree.ts), every box where the server drew it, no layout shift, and the content never gone from the
// page in between; at desktop and phone width, with axe on each page.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { adminByApi, catalogByApi, createProductByApi, uniqueSku } from '../support/api';
import { pageTree } from '../support/page-tree';
import { checkScreen } from '../support/screens';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The home page's lower half loads later, below the fold (home-page.tsx): only its place counts. */
const HOLLOW = '#main > .min-h-96';

/** One layout-shift entry as the page recorded it: its score and each moved element with its box before and after. */
interface LayoutShift {
  value: number;
  moved: string[];
}

/**
 * The most layout shift a take-over may show. Chromium reports any box moved by 3 px or more: the catalogue under its
 * heading nudged 4 px down and back for a moment scores 0.0044 (tried), a spinner or a re-laid card far more. Once in
 * CI, on a slow day, the searched catalogue scored 0.000066 (a small box, once; never seen again here): under a
 * thousandth is not a change a reader sees, and what moved is logged either way.
 */
const UNSEEN_SHIFT = 0.001;

interface TakeOver {
  /** The boxes a reader would see move if anything were redrawn differently. */
  targets: (page: Page) => Locator[];
  /** What must be in the page at every moment, scripts or none (a spinner in its place would be a visible change). */
  kept: string;
}

/** Each target's elements' boxes, as many as there are (none is waited for). */
async function boxesOf(targets: Locator[]) {
  const out = [];
  for (const target of targets) {
    out.push(
      await target.evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return [box.x, box.y, box.width, box.height];
        }),
      ),
    );
  }
  return out;
}

/**
 * Loads `path` with the scripts off (what a crawler, and a reader before the scripts arrive, sees), then with them,
 * and holds the two to each other; answers the live page, for more checks.
 */
async function expectTakeOverUnseen(browser: Browser, path: string, viewport: (typeof VIEWPORTS)[number], o: TakeOver) {
  const bare = await browser.newContext({ javaScriptEnabled: false, viewport });
  const before = await bare.newPage();
  await before.goto(path);
  const servedTree = await pageTree(before, '#root', HOLLOW);
  const servedBoxes = await boxesOf(o.targets(before));
  await bare.close();

  const live = await browser.newContext({ viewport });
  const page = await live.newPage();
  // Layout shifts are recorded from the first paint, and every change of the tree is checked for `kept`.
  await page.addInitScript((kept) => {
    const shifts: LayoutShift[] = [];
    const gone: string[] = [];
    Object.assign(window, { layoutShifts: shifts, contentGone: gone });
    const rect = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] =
          Reflect.get(entry, 'sources') ?? [];
        shifts.push({
          value: Number(Reflect.get(entry, 'value')),
          moved: sources.map(({ node, previousRect, currentRect }) => {
            const what = node instanceof Element ? node.outerHTML.slice(0, 160) : String(node?.nodeName);
            return `${what} from ${rect(previousRect)} to ${rect(currentRect)}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver(() => {
        if (!document.querySelector(kept)) gone.push(document.getElementById('root')?.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true });
    });
  }, o.kept);
  await page.goto(path);
  // The app has taken over once React owns the root and the network is quiet (no request of its own left).
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );
  await page.waitForLoadState('networkidle');
  expect(await pageTree(page, '#root', HOLLOW)).toEqual(servedTree);
  expect(await boxesOf(o.targets(page))).toEqual(servedBoxes);
  expect(servedBoxes.every((boxes) => boxes.length > 0)).toBe(true);
  const gone: string[] = await page.evaluate(() => Reflect.get(window, 'contentGone'));
  expect(gone).toEqual([]);
  const shifts: LayoutShift[] = await page.evaluate(() => Reflect.get(window, 'layoutShifts'));
  const score = shifts.reduce((sum, shift) => sum + shift.value, 0);
  // Whatever moved is named in the log, so a shift too small to fail on is still seen and can be traced.
  if (shifts.length > 0) console.log(`layout shift ${score} on ${path} at ${viewport.width} px:`, shifts);
  expect(score, JSON.stringify(shifts, null, 1)).toBeLessThan(UNSEEN_SHIFT);
  return { page, close: () => live.close() };
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
  const path = `/products/${product._id}`;

  for (const viewport of VIEWPORTS) {
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport });
    const before = await bare.newPage();
    await before.goto(path);
    await expect(before.locator('#main').getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(before.locator('#main').getByText(sku, { exact: true })).toBeVisible();
    await expect(before.locator('#main').getByText('In stock', { exact: true })).toBeVisible();
    await expect(before.locator('#main').getByText('Price:$1,234.50/per unit')).toBeVisible();
    await bare.close();

    const live = await expectTakeOverUnseen(browser, path, viewport, {
      kept: '#main h1',
      targets: (page) => {
        const main = page.locator('#main');
        return [
          main.getByRole('heading', { level: 1 }),
          main.getByRole('heading', { level: 2 }).first(),
          main.getByText(/^Price:/),
          main.getByRole('region', { name: 'Order in bulk' }),
          main.getByRole('region', { name: 'Need a better price?' }),
          main.getByRole('region', { name: 'Product details' }),
          main.getByRole('link', { name: 'Sign in to order' }),
          page.getByRole('navigation', { name: 'Main' }),
        ];
      },
    });
    await expect(live.page).toHaveTitle(`${product.name} · Kestrel Components`);
    if (viewport.width > 400) {
      await checkScreen(live.page, 'seo-product-page', async () => {
        await expect(live.page.locator('#main').getByRole('heading', { level: 1 })).toHaveText(product.name);
      });
    }
    await live.close();
  }
});

/** The catalogue's boxes: heading, search, facets, results heading and summary, every card, the pager. */
const catalogueTargets = (page: Page) => {
  const main = page.locator('#main');
  return [
    main.getByRole('heading', { level: 1 }),
    main.getByRole('search', { name: 'Products' }),
    main.getByRole('navigation', { name: 'Category' }),
    main.getByRole('heading', { name: 'Results' }),
    main.getByText(/^Showing /),
    main.locator('article'),
    main.getByRole('navigation', { name: 'Pagination' }),
    page.locator('footer'),
  ];
};

test('the catalogue holds its first page of products before its scripts, and the app takes over without a visible change', async ({
  browser,
  request,
}) => {
  // The catalogue lists newest first: this product is the first card, with a volume price.
  const admin = await adminByApi(request);
  const sku = uniqueSku('E2E-SEO-CAT');
  const product = await createProductByApi(request, admin, {
    sku,
    price: 12.5,
    quantity: 100,
    packSize: 10,
    availableQuantity: 5000,
    priceBreaks: [{ minQuantity: 500, price: 11 }],
  });
  const answer = await catalogByApi(request);
  expect(answer.total).toBeGreaterThan(24);

  for (const viewport of VIEWPORTS) {
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport });
    const before = await bare.newPage();
    await before.goto('/products');
    const main = before.locator('#main');
    // Every product of the page as a link to its page, with its list price, and the pager's rel next.
    await expect(main.locator('article h3 a')).toHaveText(answer.items.map((p) => p.name));
    const first = main.locator('article').first();
    await expect(first.getByRole('link', { name: product.name, exact: true })).toHaveAttribute(
      'href',
      `/products/${product._id}`,
    );
    await expect(first.getByText('$12.50 per unit', { exact: true })).toBeVisible();
    await expect(first.getByText('down to $11.00 from 500', { exact: true })).toBeVisible();
    await expect(first.getByText(`SKU ${sku}`, { exact: true })).toBeVisible();
    await expect(main.locator('a[rel="next"]')).toHaveAttribute('href', '/products?page=2');
    await expect(before.locator('head link[rel="next"]')).toHaveAttribute('href', /\/products\?page=2$/);
    await bare.close();

    const live = await expectTakeOverUnseen(browser, '/products', viewport, {
      kept: '#main article h3 a',
      targets: catalogueTargets,
    });
    await expect(live.page).toHaveTitle('Products · Kestrel Components');
    if (viewport.width > 400) {
      await checkScreen(live.page, 'seo-catalogue-page', async () => {
        await expect(live.page.locator('#main article').first()).toContainText(product.name);
      });
    }
    await live.close();
  }

  // A searched, paged view is drawn for what its address says, and taken over the same way.
  const live = await expectTakeOverUnseen(
    browser,
    '/products?q=kestrel&page=2',
    VIEWPORTS[0] ?? { width: 1280, height: 800 },
    {
      kept: '#main article h3 a',
      targets: catalogueTargets,
    },
  );
  await expect(live.page.locator('#main a[rel="prev"]')).toHaveAttribute('href', '/products?q=kestrel');
  await live.close();
});

test('the home page holds its three latest products before its scripts, and the app takes over without a visible change', async ({
  browser,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-SEO-HOME'), price: 4321 });

  for (const viewport of VIEWPORTS) {
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport });
    const before = await bare.newPage();
    await before.goto('/');
    const latest = before.locator('#latest-products');
    await expect(latest.locator('article')).toHaveCount(3);
    await expect(latest.locator('article h3').first()).toHaveText(product.name);
    await expect(latest.locator('article').first().getByText('Price:$4,321.00/per unit')).toBeVisible();
    await expect(latest.getByRole('link', { name: `Purchase ${product.name}` })).toHaveAttribute(
      'href',
      `/purchase/${product._id}`,
    );
    await bare.close();

    const live = await expectTakeOverUnseen(browser, '/', viewport, {
      kept: '#latest-products article h3',
      targets: (page) => {
        return [
          page.getByRole('heading', { level: 1 }),
          page.getByRole('list', { name: 'Kestrel in numbers' }),
          page.getByRole('heading', { name: 'Latest products' }),
          page.locator('#latest-products article'),
          page.getByRole('link', { name: 'Browse the whole catalogue' }),
        ];
      },
    });
    if (viewport.width > 400) {
      await checkScreen(live.page, 'seo-home-page', async () => {
        await expect(live.page.locator('#latest-products article h3').first()).toHaveText(product.name);
      });
    }
    await live.close();
  }
});
