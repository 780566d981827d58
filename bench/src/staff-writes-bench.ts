// The staff writes with and without their audit entry (B2B §15, issue #52): role set, remove and two-step reset, each
// timed with its entry and without (the write as it was before the trail) alternating in one run on both databases.
// The timing runs the product's accounts service in its own process from the API's test tree
// (packages/api/test/modules/audit/staff-writes-timing.ts), since only the API imports the API; this part reads its one JSON
// line and reports the medians and the after/before ratio. No budget: the ratio is the figure.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { guarded, type Figure } from './figures.js';
import { quantileOf } from './latency.js';
import { REPO } from './paths.js';
import type { TargetKind } from './target.js';

const WRITES = ['role set', 'remove', 'two-step reset'];

interface Timing {
  rounds: number;
  times: Record<string, Record<string, number[]>>;
}

async function timings(): Promise<Timing> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'packages/api/test/modules/audit/staff-writes-timing.ts'],
    { cwd: REPO, maxBuffer: 16 * 1024 * 1024 },
  );
  const line = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as Timing;
}

function figuresOf(kind: string, timing: Timing): Figure[] {
  const section = `staff writes ${kind}`;
  const of = timing.times[kind] ?? {};
  return WRITES.flatMap((write) => {
    const before = of[`${write}|before`] ?? [];
    const after = of[`${write}|after`] ?? [];
    const [b, a] = [quantileOf(before, 0.5), quantileOf(after, 0.5)];
    return [
      {
        section,
        name: `${write}, without the audit entry`,
        value: b,
        unit: 'ms',
        note: `median of ${timing.rounds}, alternating; p90 ${quantileOf(before, 0.9).toFixed(2)} ms`,
      },
      {
        section,
        name: `${write}, with the audit entry`,
        value: a,
        unit: 'ms',
        note: `after/before ${(a / b).toFixed(2)}; p90 ${quantileOf(after, 0.9).toFixed(2)} ms`,
      },
    ];
  });
}

export async function staffWritesBench(kind: TargetKind): Promise<Figure[]> {
  if (kind !== 'product') return [];
  return guarded('staff writes', async () => {
    const timing = await timings();
    return [...figuresOf('sqlite', timing), ...figuresOf('postgres', timing)];
  });
}
