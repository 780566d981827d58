// Server start to first answer: spawn -> first 200 on /api/health. The first start on an empty SQLite file also
// migrates and seeds; the restarts on the same file are what a deploy or a crash recovery costs.
import path from 'node:path';
import { budgets } from './budgets.js';
import { atMost, type Figure } from './figures.js';
import { withServer } from './processes.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';

const RESTARTS = 5;

export async function startupBench(kind: TargetKind): Promise<Figure[]> {
  const scratch = await scratchDir('startup');
  try {
    const spec = productSpec(kind, {
      databaseUrl: `file:${path.join(scratch.dir, 'startup.db')}`,
      dataDir: scratch.dir,
    });
    const first = await withServer(spec, async (server) => server.startMs);
    const restarts: number[] = [];
    const idle: number[] = [];
    for (let i = 0; i < RESTARTS; i += 1) {
      await withServer(spec, async (server) => {
        restarts.push(server.startMs);
        idle.push(await server.rssMiB());
      });
    }
    const sorted = [...restarts].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? null;
    const section = 'startup';
    return [
      { section, name: 'first start (migrate + seed)', value: first, unit: 'ms' },
      {
        section,
        name: `restart to first 200, median of ${RESTARTS}`,
        value: median,
        unit: 'ms',
        budget: atMost(budgets.restartMs),
        note: sorted.map((ms) => ms.toFixed(0)).join(' / '),
      },
      {
        section,
        name: 'RSS at first 200 after restart',
        value: Math.max(...idle),
        unit: 'MiB',
        budget: atMost(budgets.idleRssMiB),
      },
    ];
  } finally {
    await scratch.dispose();
  }
}
