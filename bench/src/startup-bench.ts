// Start-up and memory as a user meets them (issue #18): `npm start` from the repository root with NODE_ENV=production,
// a data folder of its own and PORT, timed from the spawn to the first 200 on /api/health (npm's own start and
// scripts/start.mjs included). RSS is the server process's own (the node process npm starts, not npm), read at idle
// after the first start on a fresh folder (migrations, the demo seed and its pictures) and after each restart on it.
// Beside them, for scale, what this host takes to start npm and Node.js themselves, which the restart includes.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { budgets } from './budgets.js';
import { atMost, type Figure } from './figures.js';
import { REPO } from './paths.js';
import { rssSplitMiBOf, withServer, type ServerProcess, type ServerSpec } from './processes.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';

const RESTARTS = 5;
/** "At idle": RSS is read this long after the first 200, once whatever start-up left running has run. */
const SETTLE_MS = 2000;
const section = 'startup';

/** The checkout `npm start` runs in: this one, or the one whose bundle BENCH_PRODUCT_ENTRY names (a build under test). */
function startRoot(): string {
  const entry = process.env.BENCH_PRODUCT_ENTRY;
  if (!entry) return REPO;
  const bundle = path.resolve(entry);
  if (!bundle.endsWith(path.join('packages', 'api', 'dist', 'server.js'))) {
    throw new Error(
      'startup runs `npm start`: BENCH_PRODUCT_ENTRY must be the packages/api/dist/server.js of a checkout',
    );
  }
  return path.resolve(bundle, '../../../..');
}

/** `npm start` with the product's environment; the stand-in target has no npm start and runs as the other parts do. */
function startSpec(kind: TargetKind, spec: ServerSpec): ServerSpec {
  return kind === 'product' ? { ...spec, name: 'npm start', npm: true, args: ['start'], cwd: startRoot() } : spec;
}

interface Start {
  ms: number;
  rss: number;
  anon: number;
  file: number;
}

async function measure(server: ServerProcess): Promise<Start> {
  // npm start rebuilds a stale bundle first; that is a build, not a start, and must not be timed as one.
  if (server.output().includes('Building the')) {
    throw new Error('npm start rebuilt the product (a source is newer than its build): run the build part first');
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return { ms: server.startMs, ...(await rssSplitMiBOf(server.pid)) };
}

/** The item in the middle when sorted by `key` (the upper one of an even count), or undefined for none. */
function medianBy<T>(items: readonly T[], key: (item: T) => number): T | undefined {
  return [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)];
}

/** The median wall time of running a command to its end, `times` times. */
function medianRunMs(command: string, args: string[], times = RESTARTS): number {
  const runs: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const began = performance.now();
    const { status } = spawnSync(command, args, { cwd: REPO, stdio: 'ignore' });
    if (status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${status}`);
    runs.push(performance.now() - began);
  }
  return medianBy(runs, (ms) => ms) ?? 0;
}

/**
 * What the restart spends before any of the shop's code runs, on this host: npm loading itself, and Node.js booting
 * (npm start runs both). Informational: they set how much of the restart budget is left for the server.
 */
function hostFloors(): Figure[] {
  return [
    {
      section,
      name: `npm's own start (npm --version), median of ${RESTARTS}`,
      value: medianRunMs('npm', ['--version']),
      unit: 'ms',
    },
    {
      section,
      name: `Node.js boot (node -e 0), median of ${RESTARTS}`,
      value: medianRunMs(process.execPath, ['-e', '0']),
      unit: 'ms',
    },
  ];
}

const split = ({ anon, file }: Start) => `anon ${anon.toFixed(0)} + file ${file.toFixed(0)} MiB`;

export async function startupBench(kind: TargetKind): Promise<Figure[]> {
  const scratch = await scratchDir('startup');
  try {
    const spec = startSpec(
      kind,
      productSpec(kind, { databaseUrl: `file:${path.join(scratch.dir, 'store.db')}`, dataDir: scratch.dir }),
    );
    const first = await withServer(spec, measure);
    const restarts: Start[] = [];
    for (let i = 0; i < RESTARTS; i += 1) restarts.push(await withServer(spec, measure));
    const median = medianBy(restarts, (r) => r.ms) ?? null;
    const largest = restarts.reduce((a, b) => (b.rss > a.rss ? b : a));
    const how = kind === 'product' ? 'npm start' : 'stand-in';
    return [
      { section, name: `first start on a fresh folder (migrate + seed), ${how}`, value: first.ms, unit: 'ms' },
      {
        section,
        name: `restart to first 200, ${how}, median of ${RESTARTS}`,
        value: median?.ms ?? null,
        unit: 'ms',
        budget: atMost(budgets.restartMs),
        note: restarts.map((r) => r.ms.toFixed(0)).join(' / '),
      },
      ...(kind === 'product' ? hostFloors() : []),
      {
        section,
        name: 'server RSS at idle after the first start (fresh folder, seeded)',
        value: first.rss,
        unit: 'MiB',
        budget: atMost(budgets.idleRssMiB),
        note: split(first),
      },
      {
        section,
        name: `server RSS at idle after a restart, largest of ${RESTARTS}`,
        value: largest.rss,
        unit: 'MiB',
        budget: atMost(budgets.idleRssMiB),
        note: split(largest),
      },
    ];
  } finally {
    await scratch.dispose();
  }
}
