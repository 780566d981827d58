// The page-weight table of `npm run bench`: what Chromium fetches for a page until the network is quiet, every
// script and stylesheet, gzip level 9 (issue #18's method), weighed by the storefront's own
// packages/web/scripts/browser-weight.ts, the same code packages/web/test/page-weight.test.ts holds to the budget.
// The build (packages/web/dist when current, else a scratch build) is served by Vite's preview server with /api handed
// to the product, which runs on a fresh SQLite file with the demo catalogue. Besides the home page (budgeted): the
// catalogue, a signed-in customer's cart with one line, and three admin pages; then, from the Vite manifest, what
// navigating to each lazy part adds to the app shell.
import { chromium, type Browser } from 'playwright-core';
import { weighPage } from '../../packages/web/scripts/browser-weight.js';
import { kB, measureLazyParts } from '../../packages/web/scripts/page-weight.js';
import { serveStorefront } from '../../packages/web/scripts/storefront-server.js';
import { ensureWebBuild } from '../../packages/web/scripts/web-build.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/support/chromium.js';
import { logInAdmin, newestProduct, putCart, signUpCustomers } from './api-client.js';
import { budgets } from './budgets.js';
import { atMost, failedFigure, type Figure } from './figures.js';
import { WEB_DIR } from './paths.js';
import { withServer } from './processes.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';

const section = 'pages';

interface PageToWeigh {
  /** How the table names it. */
  name: string;
  path: string;
  token?: string;
}

async function homeFigures(browser: Browser, origin: string, how: string): Promise<Figure[]> {
  const home = await weighPage(browser, `${origin}/`);
  const files = home.js.map((a) => a.file.replace(/^static\/js\//, '').replace(/-[\w-]+\.js$/, '')).join(', ');
  return [
    {
      section,
      name: 'home JS gzip (browser, network quiet)',
      value: kB(home.jsGzipBytes),
      unit: 'kB',
      budget: atMost(kB(budgets.homeJsGzipBytes)),
      note: `${home.js.length} scripts: ${files}; ${how}`,
    },
    {
      section,
      name: 'home CSS gzip (browser, network quiet)',
      value: kB(home.cssGzipBytes),
      unit: 'kB',
      budget: atMost(kB(budgets.homeCssGzipBytes)),
      note: `${home.css.length} stylesheets`,
    },
  ];
}

async function pageFigure(browser: Browser, origin: string, page: PageToWeigh): Promise<Figure> {
  const name = `page ${page.name} JS+CSS gzip`;
  try {
    const weight = await weighPage(browser, origin + page.path, { token: page.token });
    if (weight.finalPath !== new URL(page.path, origin).pathname) throw new Error(`ended on ${weight.finalPath}`);
    return {
      section,
      name,
      value: kB(weight.jsGzipBytes + weight.cssGzipBytes),
      unit: 'kB',
      note: `JS ${kB(weight.jsGzipBytes).toFixed(1)} kB in ${weight.js.length} scripts + CSS ${kB(weight.cssGzipBytes).toFixed(1)} kB`,
    };
  } catch (error) {
    return failedFigure(section, name, error);
  }
}

function partFigures(dist: string): Figure[] {
  return measureLazyParts(dist, WEB_DIR).map((part) => {
    const label = part.routes.length ? part.routes.join(' ') : part.src.replace(/^.*\//, '').replace(/\.tsx?$/, '');
    const css = part.cssGzipBytes ? ` + ${kB(part.cssGzipBytes).toFixed(2)} kB CSS` : '';
    return {
      section,
      name: `part ${label} JS gzip`,
      value: kB(part.jsGzipBytes),
      unit: 'kB',
      note: `${part.src}, ${part.js.length} scripts beyond the shell${css}`,
    };
  });
}

export async function pageWeightBench(kind: TargetKind): Promise<Figure[]> {
  const build = ensureWebBuild(WEB_DIR);
  const scratch = await scratchDir('pages');
  try {
    const spec = productSpec(kind, { databaseUrl: `file:${scratch.dir}/pages.db`, dataDir: scratch.dir });
    const pages = await withServer(spec, async (server) => {
      const [customer] = await signUpCustomers(server.origin, 1, 'pages');
      const admin = await logInAdmin(server.origin);
      const product = await newestProduct(server.origin);
      if (customer) await putCart(server.origin, customer, [{ productId: product.id, quantity: product.minimum }]);
      const storefront = await serveStorefront(WEB_DIR, build.dist, server.origin);
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
      try {
        const figures = await homeFigures(browser, storefront.origin, build.how);
        const others: PageToWeigh[] = [
          { name: '/products', path: '/products' },
          { name: '/cart (customer, 1 line)', path: '/cart', token: customer },
          { name: '/dashboard/manageproduct (admin)', path: '/dashboard/manageproduct', token: admin },
          { name: '/dashboard/editproduct/{id} (admin)', path: `/dashboard/editproduct/${product.id}`, token: admin },
          { name: '/dashboard/products-csv (admin)', path: '/dashboard/products-csv', token: admin },
        ];
        for (const page of others) figures.push(await pageFigure(browser, storefront.origin, page));
        return figures;
      } finally {
        await browser.close();
        await storefront.close();
      }
    });
    return [...pages, ...partFigures(build.dist)];
  } finally {
    await scratch.dispose();
    build.dispose();
  }
}
