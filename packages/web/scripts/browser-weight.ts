// What a browser downloads to show a page, the way issue #18 measures it: Chromium opens the page with an empty cache
// and every script and stylesheet it requests counts, until the network has been quiet for a second (lazy parts
// fetched on load or when the browser is idle, the cart badge, modulepreloads: whatever the page really asks for).
// Each is weighed as the gzip (level 9) of its body, as a pre-compressing server would send it and as Vite reports
// sizes; kB = 1000 bytes. The unit test (test/page-weight.test.ts) and the bench (bench/src/page-bench.ts) both weigh
// through this file, so their figures cannot drift apart.
import { gzipSync } from 'node:zlib';
import { ACCESS_TOKEN_KEY } from '@kestrel/shared';
import type { Browser, Page, Request } from 'playwright-core';
import type { Asset, Weight } from './page-weight.js';

export interface BrowserWeight extends Weight {
  /** The path the page ended on (a guarded page that bounced to /login would be weighing the wrong page). */
  finalPath: string;
}

export interface WeighOptions {
  /** A session token, stored where the storefront keeps it before any of its scripts run. */
  token?: string;
  /** How long the network must stay quiet before the page counts as loaded. */
  quietMs?: number;
  /** Give up waiting for quiet after this long (a page that polls would otherwise never finish). */
  timeoutMs?: number;
}

const QUIET_MS = 1000;
const TIMEOUT_MS = 30_000;

/**
 * Counts the page's requests in flight from the moment it is attached. `quiet` resolves once none has been in flight
 * for `quietMs`: Playwright's own 'networkidle' waits 500 ms, and the home page asks for its lower half when the
 * browser is idle, which can come just after that, so this waits longer.
 */
function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const start = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const end = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async quiet(quietMs: number, timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`the network did not go quiet within ${timeoutMs} ms`);
        await page.waitForTimeout(100);
      }
    },
    stop() {
      page.off('request', start);
      page.off('requestfinished', end);
      page.off('requestfailed', end);
    },
  };
}

function total(assets: Asset[]): number {
  return assets.reduce((n, a) => n + a.gzipBytes, 0);
}

/** Opens `url` in a fresh browser context (empty cache and storage) and weighs every script and stylesheet it fetched. */
export async function weighPage(browser: Browser, url: string, options: WeighOptions = {}): Promise<BrowserWeight> {
  const context = await browser.newContext();
  try {
    if (options.token) {
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        ACCESS_TOKEN_KEY,
        options.token,
      ] as const);
    }
    const page = await context.newPage();
    const bodies: Promise<{ kind: 'js' | 'css'; file: string; gzipBytes: number }>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const { pathname } = new URL(response.url());
      bodies.push(
        response.body().then(
          (body) => ({
            kind: type === 'script' ? 'js' : 'css',
            file: pathname.replace(/^\//, ''),
            gzipBytes: gzipSync(body, { level: 9 }).length,
          }),
          (error: unknown) => {
            throw new Error(`could not read ${response.url()} (${response.status()}): ${String(error)}`);
          },
        ),
      );
    });
    const network = trackRequests(page);
    await page.goto(url, { waitUntil: 'load' });
    await network.quiet(options.quietMs ?? QUIET_MS, options.timeoutMs ?? TIMEOUT_MS);
    network.stop();
    const fetched = await Promise.all(bodies);
    const byName = (a: Asset, b: Asset) => a.file.localeCompare(b.file);
    const js = fetched.filter((f) => f.kind === 'js').map(({ file, gzipBytes }) => ({ file, gzipBytes }));
    const css = fetched.filter((f) => f.kind === 'css').map(({ file, gzipBytes }) => ({ file, gzipBytes }));
    js.sort(byName);
    css.sort(byName);
    return {
      js,
      css,
      jsGzipBytes: total(js),
      cssGzipBytes: total(css),
      finalPath: new URL(page.url()).pathname,
    };
  } finally {
    await context.close();
  }
}
