// The PostgreSQL engine: pg-boss, a job queue kept in the shop's database (schema `pgboss`), ADR 005.
// Each job is a queue with the `stately` policy: at most one run waiting and one running across every instance, so a
// job runs on one instance at a time. Each instance asks for a run every period (throttled to one request per period
// for the whole cluster) and whenever new work arrives (wake); any instance's worker takes it. A run whose instance
// dies stays "active" until it expires (`maxRunMs`), and then the next request runs again elsewhere.
import type PgBoss from 'pg-boss';
import type { JobEngine, JobLog, PeriodicJob } from './job-engine.js';

/** How often one instance (pg-boss keeps it to one at a time) expires dead runs and clears old jobs. */
const MAINTENANCE_SECONDS = 15;
/** How often each instance's worker looks for a waiting run. */
const POLL_SECONDS = 1;
/**
 * Wakes of one job within this long ask pg-boss once, then once more at its end if more came: every order wakes the
 * mail job, and a request is a statement on the database (an order's own cost, doubled). The work they announce waits
 * at most this long more.
 */
const WAKE_COALESCE_MS = 50;

export async function startPgBossEngine(url: string, jobs: readonly PeriodicJob[], log: JobLog): Promise<JobEngine> {
  // Loaded here, not at the top of the bundle: a SQLite shop never loads it, and it costs nothing before listening.
  const { default: PgBossQueue } = await import('pg-boss');
  const boss: PgBoss = new PgBossQueue({
    connectionString: url,
    application_name: 'kestrel-jobs',
    // Its own small pool, apart from the request pool: a queue poll never waits behind requests, nor they behind it.
    max: 3,
    // No cron: the periods are ours (below), in milliseconds, not whole minutes.
    schedule: false,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    // A run is a trigger with no payload; nobody reads old ones.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 1,
  });
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));
  await boss.start();
  try {
    return await startJobs(boss, jobs, log);
  } catch (error) {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    throw error;
  }
}

async function startJobs(boss: PgBoss, jobs: readonly PeriodicJob[], log: JobLog): Promise<JobEngine> {
  const abort = new AbortController();
  const workers = new Map<string, string>();
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();

  const request = (job: PeriodicJob, throttled: boolean) => {
    if (abort.signal.aborted) return;
    // null means a run is already waiting (stately) or this period's request is in (throttled): nothing to add.
    const sent = throttled
      ? boss.sendThrottled(job.name, {}, {}, Math.max(1, Math.round(job.everyMs / 1000)))
      : boss.send(job.name, {});
    sent.then(
      () => {
        const worker = workers.get(job.name);
        if (worker && !abort.signal.aborted) boss.notifyWorker(worker);
      },
      (error: unknown) => log.warn({ err: error, job: job.name }, 'could not request a background run'),
    );
  };

  for (const job of jobs) {
    await createQueueOnce(boss, {
      name: job.name,
      policy: 'stately',
      // The next period's request is the retry.
      retryLimit: 0,
      expireInSeconds: Math.max(1, Math.ceil(job.maxRunMs / 1000)),
    });
    const worker = await boss.work(job.name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async () => {
      // A run fetched while stopping is not started (pg-boss may hand one over after its own stop has returned).
      if (abort.signal.aborted) return;
      const run = job
        .run(abort.signal)
        .catch((error: unknown) => log.error({ err: error, job: job.name }, 'background job failed'));
      running.add(run);
      await run.finally(() => running.delete(run));
      // Stopped mid-run: ask for another run at once, so an instance that goes on takes up what this one left within
      // a poll, rather than at the next period's request (stately: a run already waiting makes this a no-op).
      if (abort.signal.aborted) {
        await boss.send(job.name, {}).catch((error: unknown) => {
          log.warn({ err: error, job: job.name }, 'could not hand the rest of a run over');
        });
      }
    });
    workers.set(job.name, worker);
    const timer = setInterval(() => request(job, true), job.everyMs);
    timer.unref();
    timers.push(timer);
    request(job, false);
  }

  // Per job being woken: whether another wake came during the current window.
  const waking = new Map<string, { again: boolean; timer: NodeJS.Timeout }>();
  const wake = (job: PeriodicJob) => {
    const current = waking.get(job.name);
    if (current) {
      current.again = true;
      return;
    }
    request(job, false);
    const window = {
      again: false,
      timer: setTimeout(() => {
        waking.delete(job.name);
        if (window.again) wake(job);
      }, WAKE_COALESCE_MS),
    };
    window.timer.unref();
    waking.set(job.name, window);
  };

  return {
    wake(name) {
      const job = jobs.find((j) => j.name === name);
      if (job) wake(job);
    },
    async stop() {
      abort.abort();
      for (const timer of timers) clearInterval(timer);
      for (const { timer } of waking.values()) clearTimeout(timer);
      // Waits for the runs in progress (they were just told to finish), then closes pg-boss's pool.
      await boss.stop({ graceful: true, wait: true, timeout: 8_000 });
      await Promise.all(running);
    },
    depth() {
      // Across every instance: pg-boss counts the queue's jobs before a state (created and retry are waiting).
      return Promise.all(
        jobs.map(async (job) => {
          const [waiting, notDone] = await Promise.all([
            boss.getQueueSize(job.name),
            boss.getQueueSize(job.name, { before: 'completed' }),
          ]);
          return { name: job.name, waiting, running: notDone - waiting };
        }),
      );
    },
  };
}

const DEADLOCK = '40P01';

/**
 * Creates the queue unless it exists. Instances starting together on a new database create the same queue at the
 * same moment, and pg-boss's create_queue (a row and a partition table) can deadlock with itself then; PostgreSQL
 * rolls one back, the other's queue stands, and the retry finds it.
 */
async function createQueueOnce(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(queue.name, queue);
      return;
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? error.code : undefined;
      if (code !== DEADLOCK || attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}
