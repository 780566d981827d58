// Lighthouse 12 (mobile preset, simulated throttling) in Debian's Chromium on the home page, a purchase page, the
// login page, the blog, the catalogue page (/products) and a signed-in customer's cart (/cart, one line). The purchase
// page and the cart need a signed-in customer: the bench signs one up (and fills the cart), then, through Playwright
// connected to the same Chromium over CDP, clears the origin's cache and storage and writes the token into
// localStorage (from a same-origin JSON URL, so no page script is cached). Those runs use disableStorageReset so
// Lighthouse keeps the token; the other pages let Lighthouse reset storage as usual (signed out, /cart would show the
// sign-in page). A page counts only if it ended where it started, answered 200 (a missing route answers 404 with the
// "not found" page) and, for the cart, asked for its data.
import * as chromeLauncher from 'chrome-launcher';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { newestProduct, putCart, signUpCustomers } from './api-client.js';
import { budgets } from './budgets.js';
import { atLeast, atMost, guarded, type Figure } from './figures.js';
import { withServer } from './processes.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/support/chromium.js';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

interface PageRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The SEO category (B2B §18, issue 55): on the home page, the catalogue and a product page. */
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of the host CPU at that run (higher is faster): TBT scales with it. */
  benchmarkIndex: number;
  /** Audits that did not pass in the accessibility, best-practices and SEO categories. */
  failing: string[];
}

async function prepareOrigin(browser: Browser, origin: string, token: string): Promise<void> {
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await page.goto(`${origin}/api/health`);
  await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

/** Every URL the page requested, from the network-requests audit. */
function requestedUrls(details: unknown): string[] {
  if (typeof details !== 'object' || details === null || !('items' in details) || !Array.isArray(details.items)) {
    return [];
  }
  return details.items.flatMap((item: unknown) =>
    typeof item === 'object' && item !== null && 'url' in item && typeof item.url === 'string' ? [item.url] : [],
  );
}

interface AuditOptions {
  keepStorage: boolean;
  /** A path the page must have requested, which tells the real page from the storefront's "not found" page. */
  mustRequest: string | null;
}

async function audit(port: number, url: string, { keepStorage, mustRequest }: AuditOptions): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  // A guarded page that bounced to /login would be measuring the wrong page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`lighthouse ${url} ended on ${lhr.finalDisplayedUrl}`);
  }
  // Every page audited is a page: a 404 (a route the build or the server does not know) would be measuring the wrong one.
  if (lhr.audits['http-status-code']?.score !== 1) throw new Error(`lighthouse ${url} answered an error status`);
  if (mustRequest && !requestedUrls(lhr.audits['network-requests']?.details).some((u) => u.includes(mustRequest))) {
    throw new Error(`lighthouse ${url} never requested ${mustRequest}: is that page in the storefront build?`);
  }
  if (process.env.BENCH_KEEP_LHR) {
    const file = path.join(process.env.BENCH_KEEP_LHR, `${new URL(url).pathname.replaceAll('/', '_') || 'home'}.json`);
    await writeFile(file, JSON.stringify(lhr));
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing,
  };
}

function median(runs: PageRun[]): PageRun {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const mid = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!mid) throw new Error('no lighthouse runs');
  return mid;
}

function figuresOf(page: string, run: PageRun, runs: PageRun[]): Figure[] {
  const section = `lighthouse ${page}`;
  const scores = runs.map((r) => r.performance).join('/');
  return [
    {
      section,
      name: 'performance',
      value: run.performance,
      unit: '',
      budget: atLeast(budgets.lighthousePerformance),
      note: `median of ${runs.length} (${scores})`,
    },
    {
      section,
      name: 'accessibility',
      value: run.accessibility,
      unit: '',
      budget: atLeast(budgets.lighthouseAccessibility),
      note: run.failing.join(' '),
    },
    {
      section,
      name: 'best practices',
      value: run.bestPractices,
      unit: '',
      budget: atLeast(budgets.lighthouseBestPractices),
    },
    { section, name: 'SEO', value: run.seo, unit: '', budget: atLeast(budgets.lighthouseSeo) },
    { section, name: 'LCP', value: run.lcpMs, unit: 'ms' },
    { section, name: 'TBT', value: run.tbtMs, unit: 'ms', note: `host CPU benchmarkIndex ${run.benchmarkIndex}` },
    { section, name: 'CLS', value: run.cls, unit: '', budget: atMost(0.1) },
  ];
}

export async function lighthouseBench(kind: TargetKind, runsPerPage: number): Promise<Figure[]> {
  const scratch = await scratchDir('lighthouse');
  try {
    const spec = productSpec(kind, { databaseUrl: `file:${scratch.dir}/lighthouse.db`, dataDir: scratch.dir });
    return await withServer(spec, async (server) => {
      const [token] = await signUpCustomers(server.origin, 1, 'lighthouse');
      const product = await newestProduct(server.origin);
      if (token) await putCart(server.origin, token, [{ productId: product.id, quantity: product.minimum }]);
      const pages = [
        { name: '/', path: '/', token: null, mustRequest: null },
        { name: '/purchase/{id}', path: `/purchase/${product.id}`, token: token ?? null, mustRequest: null },
        { name: '/login', path: '/login', token: null, mustRequest: null },
        { name: '/blog', path: '/blog', token: null, mustRequest: null },
        // The catalogue page (issue #14), with the demo catalogue. Its first page's products come in the server's HTML
        // (B2B §18), so it asks no /api/catalog; its 200 (below) tells it from the storefront's "not found" page.
        { name: '/products', path: '/products', token: null, mustRequest: null },
        { name: '/cart (customer)', path: '/cart', token: token ?? null, mustRequest: '/api/cart' },
        // A product page as a search engine lands on it (B2B §18): the server's HTML, then the app.
        { name: '/products/{id}', path: `/products/${product.id}`, token: null, mustRequest: null },
      ];
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: CHROME_FLAGS,
        logLevel: 'error',
      });
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        const figures: Figure[] = [];
        // BENCH_LIGHTHOUSE_PAGES=/products,/login audits only those (while working on a page); the run records it.
        const only = process.env['BENCH_LIGHTHOUSE_PAGES']?.split(',');
        for (const page of pages.filter((p) => !only || only.includes(p.name))) {
          figures.push(
            ...(await guarded(`lighthouse ${page.name}`, async () => {
              const runs: PageRun[] = [];
              for (let i = 0; i < runsPerPage; i += 1) {
                const once = async () => {
                  if (page.token) await prepareOrigin(browser, server.origin, page.token);
                  return audit(chrome.port, server.origin + page.path, {
                    keepStorage: page.token !== null,
                    mustRequest: page.mustRequest,
                  });
                };
                // On a busy machine Chromium now and then reports NO_FCP; one retry tells a fluke from a fault.
                runs.push(await once().catch(once));
              }
              return figuresOf(page.name, median(runs), runs);
            })),
          );
        }
        return figures;
      } finally {
        await browser.close().catch(() => undefined);
        chrome.kill();
      }
    });
  } finally {
    await scratch.dispose();
  }
}
