// Background work (B2B §8: mail delivery, order hold expiry): periodic jobs that run on one instance at a time.
// On PostgreSQL, on pg-boss (a job queue in the same database), so any number of instances share the work and it
// survives restarts; on the embedded SQLite default, in-process timers (one process owns the file). ADR 005 says why.
// The engine is started after the server listens and loaded only then: pg-boss is never loaded on SQLite.
import type { DatabaseConfig } from '../config.js';
import type { JobDepth, JobEngine, JobLog, PeriodicJob } from './job-engine.js';
import { startInProcessEngine } from './in-process-engine.js';

export interface JobRunner {
  /** Registers a job; before start only. */
  every(job: PeriodicJob): void;
  /**
   * Starts the registered jobs. On PostgreSQL this loads pg-boss and installs its schema on first use. Never rejects: a
   * failed start is logged and tried again every START_RETRY_MS until it succeeds or the runner stops.
   */
  start(): Promise<void>;
  /** Asks for a run of `name` soon (new work arrived), on whichever instance takes it. No-op until started. */
  wake(name: string): void;
  /** Stops scheduling, aborts the runs in progress and waits for them. */
  stop(): Promise<void>;
  /** Each registered job's queue (B2B §8's job queue depth); zeros until the engine has started. */
  depth(): Promise<JobDepth[]>;
}

/** After a failed start (the database unreachable), the next try. */
export const START_RETRY_MS = 30_000;

export function createJobRunner(database: DatabaseConfig, log: JobLog): JobRunner {
  const jobs: PeriodicJob[] = [];
  let starting: Promise<void> | undefined;
  let engine: JobEngine | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  async function startEngine(): Promise<void> {
    const started =
      database.kind === 'postgres'
        ? await (await import('./pg-boss-engine.js')).startPgBossEngine(database.url, jobs, log)
        : startInProcessEngine(jobs, log);
    // Closed while pg-boss was starting: stop what just started.
    if (stopped) await started.stop();
    else engine = started;
  }

  /** Starts the engine; if it cannot (yet), logs it and tries again later, so an instance never runs without it. */
  function attempt(): Promise<void> {
    return startEngine().catch((error: unknown) => {
      if (stopped) return;
      log.error({ err: error }, `background jobs did not start; trying again in ${START_RETRY_MS / 1000} s`);
      retry = setTimeout(() => (starting = attempt()), START_RETRY_MS);
      retry.unref();
    });
  }

  return {
    every(job) {
      if (starting) throw new Error(`job ${job.name} registered after start`);
      if (jobs.some((j) => j.name === job.name)) throw new Error(`job ${job.name} registered twice`);
      jobs.push(job);
    },
    start() {
      starting ??= attempt();
      return starting;
    },
    wake(name) {
      engine?.wake(name);
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await starting;
      await engine?.stop();
      engine = undefined;
    },
    async depth() {
      return engine ? engine.depth() : jobs.map((job) => ({ name: job.name, waiting: 0, running: 0 }));
    },
  };
}
