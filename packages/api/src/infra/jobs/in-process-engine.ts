// The SQLite engine: each job on its own timer in this process, one run at a time; a wake during a run asks for
// another right after it. Timers are unref'd, so they never keep a process alive by themselves.
import type { JobEngine, JobLog, PeriodicJob } from './job-engine.js';

interface JobState {
  job: PeriodicJob;
  timer: NodeJS.Timeout | undefined;
  running: Promise<void> | undefined;
  again: boolean;
}

export function startInProcessEngine(jobs: readonly PeriodicJob[], log: JobLog): JobEngine {
  const abort = new AbortController();
  const states = new Map<string, JobState>(
    jobs.map((job) => [job.name, { job, timer: undefined, running: undefined, again: false }]),
  );

  function later(state: JobState, ms: number) {
    clearTimeout(state.timer);
    state.timer = setTimeout(() => run(state), ms);
    state.timer.unref();
  }

  function run(state: JobState) {
    if (abort.signal.aborted) return;
    if (state.running) {
      state.again = true;
      return;
    }
    clearTimeout(state.timer);
    state.running = state.job
      .run(abort.signal)
      .catch((error: unknown) => log.error({ err: error, job: state.job.name }, 'background job failed'))
      .finally(() => {
        state.running = undefined;
        if (state.again) {
          state.again = false;
          run(state);
        } else if (!abort.signal.aborted) later(state, state.job.everyMs);
      });
  }

  // The first runs right after start: work left from before a restart is not kept waiting a whole period.
  for (const state of states.values()) later(state, 0);

  return {
    wake(name) {
      const state = states.get(name);
      if (state) run(state);
    },
    async stop() {
      abort.abort();
      for (const state of states.values()) clearTimeout(state.timer);
      await Promise.all([...states.values()].map((s) => s.running));
    },
    async depth() {
      // One process owns the queue: a run asked for during a run is the one waiting.
      return [...states.values()].map((s) => ({
        name: s.job.name,
        waiting: s.again ? 1 : 0,
        running: s.running ? 1 : 0,
      }));
    },
  };
}
