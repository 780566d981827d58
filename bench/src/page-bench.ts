// The page-weight table of `npm run bench` (the same numbers packages/web/test/page-weight.test.ts holds to budget).
import { kB, measurePageWeight } from '../../packages/web/scripts/page-weight.js';
import { ensureWebBuild } from '../../packages/web/scripts/web-build.js';
import { budgets } from './budgets.js';
import { atMost, type Figure } from './figures.js';
import { WEB_DIR } from './paths.js';

export async function pageWeightBench(): Promise<Figure[]> {
  const build = ensureWebBuild(WEB_DIR);
  try {
    const weight = measurePageWeight(build.dist, WEB_DIR);
    const section = 'pages';
    const homeNote = `${weight.home.js.length} scripts${weight.home.lazyPart ? ` incl. ${weight.home.lazyPart}` : ', home route in the entry'}; ${build.how}`;
    const figures: Figure[] = [
      {
        section,
        name: 'home JS gzip',
        value: kB(weight.home.jsGzipBytes),
        unit: 'kB',
        budget: atMost(kB(budgets.homeJsGzipBytes)),
        note: homeNote,
      },
      {
        section,
        name: 'home CSS gzip',
        value: kB(weight.home.cssGzipBytes),
        unit: 'kB',
        budget: atMost(kB(budgets.homeCssGzipBytes)),
        note: `${weight.home.css.length} stylesheets`,
      },
    ];
    for (const part of weight.parts) {
      const label = part.routes.length ? part.routes.join(' ') : part.src.replace(/^.*\//, '').replace(/\.tsx?$/, '');
      const css = part.cssGzipBytes ? ` + ${kB(part.cssGzipBytes).toFixed(2)} kB CSS` : '';
      figures.push({
        section,
        name: `part ${label} JS gzip`,
        value: kB(part.jsGzipBytes),
        unit: 'kB',
        note: `${part.src}, ${part.js.length} scripts beyond the shell${css}`,
      });
    }
    return figures;
  } finally {
    build.dispose();
  }
}
