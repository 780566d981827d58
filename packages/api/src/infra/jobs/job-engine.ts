// What a periodic job is and what runs it: the types job-runner.ts and both engines share, apart from the runner so
// the engines it loads do not import it back.
export interface PeriodicJob {
  /** Unique; on PostgreSQL also the name of its queue. */
  name: string;
  /** How often it runs when nothing wakes it earlier. */
  everyMs: number;
  /**
   * The longest a run may take; past it the run is presumed dead (its instance crashed) and another instance may
   * start one. The work itself must therefore be safe to overlap (claims, conditional updates).
   */
  maxRunMs: number;
  /** One run; `signal` aborts when the app closes: finish the item in hand, then return. */
  run(signal: AbortSignal): Promise<void>;
}

/** What the engines log through (pino, Fastify's logger, fits). */
export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** One job's queue at this moment (GET /metrics): runs asked for and not yet started, and runs in progress. */
export interface JobDepth {
  name: string;
  waiting: number;
  running: number;
}

export interface JobEngine {
  wake(name: string): void;
  stop(): Promise<void>;
  depth(): Promise<JobDepth[]>;
}
