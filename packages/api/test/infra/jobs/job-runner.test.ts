// Background work (B2B §8, ADR 005): in-process on SQLite, on pg-boss on PostgreSQL; a job runs on one instance at
// a time, runs again soon when woken, and stops cleanly, its run told to finish and waited for.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { PeriodicJob } from '../../../src/infra/jobs/job-engine.js';
import { createJobRunner, type JobRunner } from '../../../src/infra/jobs/job-runner.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/databases.js';
import { freePort } from '../../helpers/free-port.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done()` holds, checking every 5 ms, for at most 5 s. */
async function until(done: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 5_000; !done(); await sleep(5)) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
  }
}
const quietLog = { warn: () => undefined, error: () => undefined };

interface Run {
  runner: string;
  start: number;
  end: number;
  aborted: boolean;
}

/** A job that records each run, taking `ms` (or until aborted). */
function recordingJob(runs: Run[], runner: string, everyMs: number, ms: number): PeriodicJob {
  return {
    name: 'test-job',
    everyMs,
    maxRunMs: 10_000,
    async run(signal) {
      const run: Run = { runner, start: Date.now(), end: 0, aborted: false };
      runs.push(run);
      await new Promise<void>((done) => {
        const timer = setTimeout(done, ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          run.aborted = true;
          done();
        });
      });
      run.end = Date.now();
    },
  };
}

/** The most runs in progress at one instant. */
function maxOverlap(runs: Run[]): number {
  const edges = runs.flatMap((r) => [
    [r.start, 1],
    [r.end || Infinity, -1],
  ]);
  edges.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0));
  let now = 0;
  let most = 0;
  for (const [, step] of edges) most = Math.max(most, (now += step ?? 0));
  return most;
}

describe('the in-process job runner (SQLite)', () => {
  const runners: JobRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });

  it('runs at start and then every period, one run at a time; a wake during a run asks for one more', async () => {
    const runs: Run[] = [];
    const runner = createJobRunner({ kind: 'sqlite', file: '/unused' }, quietLog);
    runners.push(runner);
    runner.every(recordingJob(runs, 'a', 300, 100));
    runner.wake('test-job'); // before start: nothing to wake
    await runner.start();
    await until(() => runs.length === 1);
    runner.wake('test-job');
    runner.wake('test-job');
    await until(() => runs.length === 3);
    const [first, second, third] = runs;
    // The two wakes during the first run made one more run, right after it...
    expect((second?.start ?? 0) - (first?.end ?? 0)).toBeGreaterThanOrEqual(0);
    expect((second?.start ?? 0) - (first?.end ?? 0)).toBeLessThan(100);
    // ...then the period again, counted from the end of the second.
    expect((third?.start ?? 0) - (second?.end ?? 0)).toBeGreaterThanOrEqual(295);
    expect(maxOverlap(runs)).toBe(1);
  });

  it('stops by aborting the run in progress and waiting for it, and runs nothing after', async () => {
    const runs: Run[] = [];
    const runner = createJobRunner({ kind: 'sqlite', file: '/unused' }, quietLog);
    runner.every(recordingJob(runs, 'a', 50, 10_000));
    await runner.start();
    await until(() => runs.length === 1);
    const stopping = Date.now();
    await runner.stop();
    expect(Date.now() - stopping).toBeLessThan(1_000);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.aborted).toBe(true);
    expect(runs[0]?.end).toBeGreaterThan(0);
    runner.wake('test-job');
    await sleep(120);
    expect(runs).toHaveLength(1);
  });

  it('logs a failing run and keeps the schedule', async () => {
    const errors: Array<{ details: object; message: string }> = [];
    let runsSoFar = 0;
    const runner = createJobRunner(
      { kind: 'sqlite', file: '/unused' },
      { warn: () => undefined, error: (details, message) => errors.push({ details, message }) },
    );
    runners.push(runner);
    runner.every({
      name: 'flaky',
      everyMs: 20,
      maxRunMs: 1_000,
      run: async () => {
        runsSoFar++;
        throw new Error('boom');
      },
    });
    await runner.start();
    await until(() => runsSoFar >= 3);
    expect(errors[0]).toEqual({ message: 'background job failed', details: { err: new Error('boom'), job: 'flaky' } });
  });

  it('refuses a job registered twice or after start', async () => {
    const runner = createJobRunner({ kind: 'sqlite', file: '/unused' }, quietLog);
    runners.push(runner);
    runner.every(recordingJob([], 'a', 1_000, 1));
    expect(() => runner.every(recordingJob([], 'a', 1_000, 1))).toThrow('job test-job registered twice');
    await runner.start();
    expect(() => runner.every({ ...recordingJob([], 'a', 1_000, 1), name: 'late' })).toThrow(
      'job late registered after start',
    );
  });
});

describe('the pg-boss job runner (PostgreSQL)', () => {
  let db: TestDatabase | undefined;
  const runners: JobRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await db?.drop();
    db = undefined;
  });

  it('runs a job on one of two instances at a time, periodically and when woken', async () => {
    db = await createTestDatabase('postgres');
    const runs: Run[] = [];
    for (const name of ['a', 'b']) {
      const runner = createJobRunner({ kind: 'postgres', url: db.url }, quietLog);
      runners.push(runner);
      runner.every(recordingJob(runs, name, 1_000, 250));
    }
    await Promise.all(runners.map((r) => r.start()));
    const wakes = setInterval(() => runners.forEach((r) => r.wake('test-job')), 50);
    await sleep(4_000);
    clearInterval(wakes);
    await Promise.all(runners.splice(0).map((r) => r.stop()));

    // Woken every 50 ms by both, the 250 ms job ran back to back, never two at once, and on both instances' workers
    // (each polls every second), not once per wake.
    expect(maxOverlap(runs)).toBe(1);
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.length).toBeLessThanOrEqual(20);
    expect(runs.every((r) => r.end > 0)).toBe(true);

    // pg-boss keeps its state in its own schema of the same database.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; policy: string }>('SELECT name, policy FROM pgboss.queue');
      expect(rows).toEqual([{ name: 'test-job', policy: 'stately' }]);
    } finally {
      await client.end();
    }
  });

  it('logs a start that fails (database unreachable) without throwing, and stops cleanly', async () => {
    const errors: string[] = [];
    const port = await freePort();
    const runner = createJobRunner(
      { kind: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/none` },
      { warn: () => undefined, error: (_details, message) => errors.push(message) },
    );
    runner.every(recordingJob([], 'a', 1_000, 10));
    await runner.start();
    expect(errors).toEqual(['background jobs did not start; trying again in 30 s']);
    await runner.stop();
  });

  it('stops cleanly when closed while still starting', async () => {
    db = await createTestDatabase('postgres');
    const runs: Run[] = [];
    const runner = createJobRunner({ kind: 'postgres', url: db.url }, quietLog);
    runner.every(recordingJob(runs, 'a', 1_000, 10));
    const started = runner.start();
    await runner.stop();
    await started;
    await sleep(300);
    expect(runs).toHaveLength(0);
  });
});
