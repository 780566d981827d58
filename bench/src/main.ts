// Runs the parts of the bench in order, prints one table and writes bench/results/.
// Usage: npm run bench [-- --only=build,pages,api,webhooks,shipto,tax,growth,catalog,orders,stats,list,requisition,audit,staff,seo,startup,lighthouse] [--target=standin] [--seconds=6] [--no-build]
//        [--lighthouse-runs=5]
import { apiBench } from './api-bench.js';
import { auditBench } from './audit-bench.js';
import { staffWritesBench } from './staff-writes-bench.js';
import { buildStep } from './build-step.js';
import { catalogBench } from './catalog-bench.js';
import { growthBench } from './growth-bench.js';
import { lighthouseBench } from './lighthouse-bench.js';
import { orderDeskBench } from './order-desk-bench.js';
import { statsBench } from './stats-bench.js';
import { orderListBench } from './order-list-bench.js';
import { pageWeightBench } from './page-bench.js';
import { requisitionListBench } from './requisition-list-bench.js';
import { seoPageBench } from './seo-page-bench.js';
import { shipToBench } from './ship-to-bench.js';
import { startupBench } from './startup-bench.js';
import { webhooksBench } from './webhooks-bench.js';
import { defaultLoadShape, type LoadShape } from './budgets.js';
import { guarded, type Figure } from './figures.js';
import { RESULTS_DIR } from './paths.js';
import { consoleTable, writeResults } from './report.js';
import { staleBundleWarning, type TargetKind } from './target.js';
import { taxBench } from './tax-bench.js';

const PARTS = [
  'build',
  'pages',
  'api',
  'webhooks',
  'shipto',
  'tax',
  'growth',
  'catalog',
  'orders',
  'stats',
  'list',
  'requisition',
  'audit',
  'staff',
  'seo',
  'startup',
  'lighthouse',
] as const;
type Part = (typeof PARTS)[number];

export interface BenchContext {
  target: TargetKind;
  shape: LoadShape;
  lighthouseRuns: number;
}

function option(args: string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return args.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

function isPart(value: string): value is Part {
  return PARTS.some((p) => p === value);
}

function parseParts(args: string[]): Part[] {
  const only = option(args, 'only');
  const chosen = only ? only.split(',').filter(isPart) : [...PARTS];
  return args.includes('--no-build') ? chosen.filter((p) => p !== 'build') : chosen;
}

async function runPart(part: Part, ctx: BenchContext): Promise<Figure[]> {
  switch (part) {
    case 'build':
      return buildStep();
    case 'api':
      return apiBench(ctx.target, ctx.shape);
    case 'webhooks':
      return webhooksBench(ctx.target, ctx.shape);
    case 'shipto':
      return shipToBench(ctx.target, ctx.shape);
    case 'tax':
      return taxBench(ctx.target, ctx.shape);
    case 'pages':
      return pageWeightBench(ctx.target);
    case 'growth':
      return growthBench(ctx.target);
    case 'catalog':
      return catalogBench(ctx.target);
    case 'orders':
      return orderDeskBench(ctx.target);
    case 'stats':
      return statsBench(ctx.target);
    case 'list':
      return orderListBench(ctx.target);
    case 'requisition':
      return requisitionListBench(ctx.target);
    case 'audit':
      return auditBench(ctx.target);
    case 'staff':
      return staffWritesBench(ctx.target);
    case 'seo':
      return seoPageBench(ctx.target);
    case 'startup':
      return startupBench(ctx.target);
    case 'lighthouse':
      return lighthouseBench(ctx.target, ctx.lighthouseRuns);
  }
}

export async function main(args: string[]): Promise<void> {
  const startedAt = new Date();
  const target: TargetKind = option(args, 'target') === 'standin' ? 'standin' : 'product';
  const seconds = Number(option(args, 'seconds') ?? defaultLoadShape.seconds);
  // Five runs a page: single Lighthouse runs here swing by 5 points (TBT 40-180 ms), and the median of five steadies it.
  const lighthouseRuns = Number(option(args, 'lighthouse-runs') ?? 5);
  const ctx: BenchContext = { target, shape: { ...defaultLoadShape, seconds }, lighthouseRuns };
  const parts = parseParts(args);
  // The product parts run packages/api/dist/server.js; without the build part it may predate the sources.
  const runsProduct = parts.some((p) => p !== 'build');
  const stale = target === 'product' && runsProduct && !parts.includes('build') ? staleBundleWarning() : null;
  if (stale) console.warn(`[bench] warning: ${stale}`);
  const figures: Figure[] = [];
  for (const part of parts) {
    const began = performance.now();
    console.log(`[bench] ${part} ...`);
    figures.push(...(await guarded(part, () => runPart(part, ctx))));
    console.log(`[bench] ${part} done in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
  const elapsed = (Date.now() - startedAt.getTime()) / 1000;
  console.log(`\n${consoleTable(figures)}\n`);
  // A run against another build says which, so its results are never mistaken for the current product's.
  const entry = process.env.BENCH_PRODUCT_ENTRY;
  const described =
    entry && target === 'product' ? `product at ${entry}` : stale ? `${target} (stale bundle: ${stale})` : target;
  const file = await writeResults(RESULTS_DIR, figures, { startedAt, seconds: elapsed, target: described, parts });
  console.log(`[bench] ${elapsed.toFixed(0)} s; results in ${file} and bench/results/latest.md`);
}
