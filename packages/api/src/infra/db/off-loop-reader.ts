// Heavy SQLite reads (the catalogue search and its facets) run in a child process with its own read-only connection
// to the same WAL database, never on the event loop: better-sqlite3 runs a statement synchronously, so one slow
// statement in the server stopped every other request, health checks included (issue #24). Each read has a time
// budget; past it the caller gets ReadBudgetExceeded at once and the reader process is killed, since better-sqlite3
// cannot interrupt a running statement (a worker thread could not be stopped either: Node waits for it, even in
// process.exit, until its statement ends). The other reads it held go to a fresh reader. docs/architecture.md, "No
// request holds the event loop".
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isReadAnswer, isReadReady, isReadStartFailed, type ReadRequest } from './off-loop-protocol.js';

/** The read ran past its budget (or the reader could not start in time); nothing was changed. */
export class ReadBudgetExceeded extends Error {
  constructor(readonly budgetMs: number) {
    super(`The read took longer than ${budgetMs} ms and was stopped`);
    this.name = 'ReadBudgetExceeded';
  }
}

/** The reader was closed (the server is shutting down) before the read answered. */
export class ReadStopped extends Error {
  constructor() {
    super('The database reader was closed');
    this.name = 'ReadStopped';
  }
}

export interface OffLoopReader {
  /** The rows of one read-only statement, or ReadBudgetExceeded once `budgetMs` have passed since it was sent. */
  read(sql: string, parameters: readonly unknown[], budgetMs: number): Promise<unknown[]>;
  /** Starts the reader process ahead of the first read (the server does once it listens). */
  warm(): void;
  /** Kills the reader at once (it only reads: nothing is lost); reads in flight and later ones fail with ReadStopped. */
  close(): void;
}

/** The reader's niceness above the server's (Unix: 0-19, higher yields more). */
const READER_NICENESS = 10;

/** A reader that has not said it is ready by then never will: its reads fail rather than wait for ever. */
const START_LIMIT_MS = 15_000;

/**
 * After a reader dies on its own with no read waiting, its successor starts this long after, since the reader also
 * checkpoints the WAL. Each successor that dies before it was ready doubles the wait (up to RESTART_MAX_MS), so a
 * reader that cannot start does not fork again and again.
 */
export const RESTART_DELAY_MS = 1_000;
const RESTART_MAX_MS = 60_000;

/** The entry beside this file: the bundle's sqlite-reader-entry.js, or the TypeScript source through tsx. */
function readerEntry(): { file: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { file: fileURLToPath(new URL('./sqlite-reader-entry.ts', import.meta.url)), execArgv: ['--import', tsx] };
  }
  return { file: fileURLToPath(new URL('./sqlite-reader-entry.js', import.meta.url)), execArgv: [] };
}

interface Pending {
  request: ReadRequest;
  budgetMs: number;
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
  /** Set once the request is with a ready reader: the budget runs from then. */
  timer: NodeJS.Timeout | null;
}

interface Reader {
  process: ChildProcess;
  ready: boolean;
  startTimer: NodeJS.Timeout;
}

/**
 * `onStartFailure` hears why a reader could not open the database, once per streak of readers that fail to start (the
 * next ready one ends the streak), since each successor would only say the same.
 */
export function createOffLoopReader(
  databaseFile: string,
  onStartFailure: (error: Error) => void = () => undefined,
): OffLoopReader {
  const pending = new Map<number, Pending>();
  let failing = false;
  let reader: Reader | null = null;
  let nextId = 1;
  let closed = false;
  let restartDelayMs = RESTART_DELAY_MS;
  let restart: NodeJS.Timeout | undefined;

  const finish = (id: number) => {
    const entry = pending.get(id);
    if (entry?.timer) clearTimeout(entry.timer);
    pending.delete(id);
    return entry;
  };

  function dispatch(current: Reader, entry: Pending) {
    entry.timer ??= setTimeout(() => overBudget(entry.request.id), entry.budgetMs);
    try {
      current.process.send(entry.request);
    } catch {
      // The channel closed under us: the exit handler hands this read to the next reader.
    }
  }

  function stop(current: Reader) {
    clearTimeout(current.startTimer);
    current.process.kill('SIGKILL');
    if (reader === current) reader = null;
  }

  function start(): Reader {
    const { file, execArgv } = readerEntry();
    const child = fork(file, [databaseFile], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // Lower than the server's: when the cores are busy, the event loop (health checks, orders, every other request)
    // goes first and the search waits, within its budget.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, Math.min(19, getPriority() + READER_NICENESS));
      } catch {
        // Not allowed here (a container without the right): the reader runs at the server's priority.
      }
    }
    const current: Reader = {
      process: child,
      ready: false,
      startTimer: setTimeout(() => {
        // Never ready: every read waiting for it fails, and the next read tries a new reader.
        for (const id of [...pending.keys()]) finish(id)?.reject(new ReadBudgetExceeded(START_LIMIT_MS));
        stop(current);
      }, START_LIMIT_MS),
    };
    child.on('message', (message: unknown) => {
      if (isReadStartFailed(message)) {
        if (!failing) onStartFailure(new Error(message.startFailed));
        failing = true;
        return;
      }
      if (isReadReady(message)) {
        current.ready = true;
        failing = false;
        clearTimeout(current.startTimer);
        restartDelayMs = RESTART_DELAY_MS;
        for (const entry of pending.values()) dispatch(current, entry);
        return;
      }
      if (!isReadAnswer(message)) return;
      const entry = finish(message.id);
      if (!entry) return;
      if ('error' in message) entry.reject(new Error(message.error));
      else entry.resolve(message.rows);
    });
    child.on('error', () => undefined);
    child.once('exit', () => {
      clearTimeout(current.startTimer);
      if (reader !== current) return;
      // It died on its own (a crash). The reads it held go to a new one at once, their budgets still running.
      reader = null;
      if (closed) return;
      if (current.ready && pending.size > 0) {
        reader = start();
        return;
      }
      // One that died before it was ready may never start (its database file gone): the reads waiting fail rather
      // than fork reader after reader, and the next one comes later each time.
      if (!current.ready) {
        for (const id of [...pending.keys()]) finish(id)?.reject(new Error('The database reader exited at start'));
      }
      // With no read waiting, a new one starts all the same, since it also checkpoints: until then only the server's
      // backstop does.
      clearTimeout(restart);
      restart = setTimeout(() => {
        if (!closed) reader ??= start();
      }, restartDelayMs);
      restart.unref();
      if (!current.ready) restartDelayMs = Math.min(RESTART_MAX_MS, restartDelayMs * 2);
    });
    return current;
  }

  function overBudget(id: number) {
    const entry = finish(id);
    if (!entry) return;
    entry.reject(new ReadBudgetExceeded(entry.budgetMs));
    // The reader is busy with this read (or queued behind one that is): only killing it stops the statement. Its
    // successor starts at once, so the next search does not wait for it.
    if (reader) stop(reader);
    if (!closed) reader = start();
  }

  return {
    read(sql, parameters, budgetMs) {
      if (closed) return Promise.reject(new ReadStopped());
      return new Promise((resolve, reject) => {
        const request: ReadRequest = { id: nextId++, sql, parameters: [...parameters] };
        const entry: Pending = { request, budgetMs, resolve, reject, timer: null };
        pending.set(request.id, entry);
        reader ??= start();
        if (reader.ready) dispatch(reader, entry);
      });
    },
    warm() {
      if (!closed) reader ??= start();
    },
    close() {
      closed = true;
      clearTimeout(restart);
      if (reader) stop(reader);
      for (const id of [...pending.keys()]) finish(id)?.reject(new ReadStopped());
    },
  };
}
