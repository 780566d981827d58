// The page-weight budgets of issue #7, checked on every `npm run test:unit`: the JavaScript and CSS the home page
// needs before it is usable, gzip level 9, in kB of 1000 bytes. Uses packages/web/dist when it is current; a
// missing dist is built in place, a stale one is rebuilt into a scratch folder (see scripts/web-build.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWeightBudget } from '../scripts/page-weight-budget.js';
import { kB, measurePageWeight, type PageWeight } from '../scripts/page-weight.js';
import { ensureWebBuild, type WebBuild } from '../scripts/web-build.js';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('page weight of the built storefront', () => {
  let build: WebBuild;
  let weight: PageWeight;

  beforeAll(() => {
    build = ensureWebBuild(WEB_DIR);
    weight = measurePageWeight(build.dist, WEB_DIR);
  }, 120_000);
  afterAll(() => build?.dispose());

  it('finds the entry script and stylesheet the home page loads', () => {
    expect(weight.home.js.some((a) => /^static\/js\/index-[\w-]+\.js$/.test(a.file))).toBe(true);
    expect(weight.home.css.length).toBeGreaterThan(0);
  });

  it(`sends at most ${kB(pageWeightBudget.homeJsGzipBytes)} kB of gzip JavaScript before the home page is usable`, () => {
    const list = weight.home.js.map((a) => `${a.file} ${kB(a.gzipBytes).toFixed(2)} kB`).join(', ');
    expect(weight.home.jsGzipBytes, `home JS: ${list}`).toBeLessThanOrEqual(pageWeightBudget.homeJsGzipBytes);
  });

  it(`sends at most ${kB(pageWeightBudget.homeCssGzipBytes)} kB of gzip CSS before the home page is usable`, () => {
    expect(weight.home.cssGzipBytes).toBeLessThanOrEqual(pageWeightBudget.homeCssGzipBytes);
  });

  it('ships a .br and a .gz copy beside every script and stylesheet of the first load', () => {
    for (const { file } of [...weight.home.js, ...weight.home.css]) {
      expect(
        [existsSync(path.join(build.dist, `${file}.br`)), existsSync(path.join(build.dist, `${file}.gz`))],
        file,
      ).toEqual([true, true]);
    }
  });

  it('keeps every route other than home out of the first load', () => {
    const lazyRoutes = weight.parts.flatMap((p) => p.routes);
    for (const route of ['/login', '/signup', '/purchase/:id', '/dashboard/payment/:id'])
      expect(lazyRoutes).toContain(route);
  });
});
