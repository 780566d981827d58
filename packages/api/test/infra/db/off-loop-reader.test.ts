// The SQLite reader process (infra/db/off-loop-reader.ts, issue #24): a statement past its budget is stopped for real
// (its process killed, not left burning a core), the reads behind it still answer, a closed reader lets a shutdown go
// at once, and the reader cannot write. The same process checkpoints the server's WAL, which the server's own
// connection does only as a backstop; a reader that crashes is replaced even when no read waits for it.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/infra/db/create-db.js';
import {
  createOffLoopReader,
  ReadBudgetExceeded,
  ReadStopped,
  RESTART_DELAY_MS,
  type OffLoopReader,
} from '../../../src/infra/db/off-loop-reader.js';

/** Counts to a billion: a minute or more of one core, like the searches of issue #24. */
const RUNAWAY = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000)
  SELECT count(*) AS n FROM c`;

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pids of this process's children running the reader entry. */
async function readerPids(): Promise<number[]> {
  const { readFile, readdir } = await import('node:fs/promises');
  const pids: number[] = [];
  for (const task of await readdir(`/proc/${process.pid}/task`)) {
    const children = await readFile(`/proc/${process.pid}/task/${task}/children`, 'utf8').catch(() => '');
    for (const pid of children.split(' ').filter(Boolean).map(Number)) {
      const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (cmd.includes('sqlite-reader-entry')) pids.push(pid);
    }
  }
  return pids;
}

describe('the off-loop SQLite reader', () => {
  let dir: string;
  let file: string;
  let reader: OffLoopReader;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kestrel-reader-'));
    file = join(dir, 'store.db');
    const db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES ('one'), ('two')`);
    db.close();
    reader = createOffLoopReader(file);
  });
  afterAll(() => {
    reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers rows with their parameters, from a process that yields the cores to the server', async () => {
    expect(await reader.read('SELECT id, name FROM t WHERE id >= ? ORDER BY id', [1], 30_000)).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ]);
    const [pid] = await readerPids();
    expect(getPriority(pid)).toBe(Math.min(19, getPriority() + 10));
  });

  it('stops a runaway statement at its budget by killing its process, and answers the next read', async () => {
    await reader.read('SELECT 1', [], 30_000);
    const [pid] = await readerPids();
    expect(pid).toBeDefined();
    const began = performance.now();
    const behind = reader.read('SELECT count(*) AS n FROM t', [], 30_000);
    await expect(reader.read(RUNAWAY, [], 300)).rejects.toBeInstanceOf(ReadBudgetExceeded);
    expect(performance.now() - began).toBeLessThan(1000);
    // The read queued behind the runaway goes to the new reader.
    expect(await behind).toEqual([{ n: 2 }]);
    await expect.poll(() => processAlive(pid ?? 0), { timeout: 2000 }).toBe(false);
    expect(await reader.read('SELECT name FROM t WHERE id = ?', [2], 30_000)).toEqual([{ name: 'two' }]);
  });

  it('fails the reads of a reader that dies before it is ready, and waits longer for each next one', async () => {
    const others = await readerPids();
    const failures: string[] = [];
    const broken = createOffLoopReader(join(dir, 'no-such.db'), (error) => failures.push(error.message));
    try {
      broken.warm();
      // Every reader of a missing file exits at start. Its successors come 1 s, then 2 s, then 4 s after the one before:
      // three in 6 s (with a fixed 1 s, six).
      const seen = new Set<number>();
      const until = performance.now() + RESTART_DELAY_MS * 6;
      while (performance.now() < until) {
        for (const pid of await readerPids()) if (!others.includes(pid)) seen.add(pid);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(seen.size).toBeGreaterThanOrEqual(2);
      expect(seen.size).toBeLessThanOrEqual(3);
      // A read fails once its reader exits, rather than wait on one that never starts.
      await expect(broken.read('SELECT 1', [], 1000)).rejects.toThrow('The database reader exited at start');
      // Each of them said why, and the server heard it once for the whole streak.
      expect(failures).toEqual(['unable to open database file']);
    } finally {
      broken.close();
    }
  });

  it('refuses to write', async () => {
    await expect(reader.read(`INSERT INTO t (name) VALUES ('three')`, [], 30_000)).rejects.toThrow(/return data/);
    await expect(reader.read(`INSERT INTO t (name) VALUES ('three') RETURNING id`, [], 30_000)).rejects.toThrow(
      /readonly/,
    );
    expect(await reader.read('SELECT count(*) AS n FROM t', [], 30_000)).toEqual([{ n: 2 }]);
  });

  it('closes at once while a statement runs, failing it with ReadStopped, and leaves no process', async () => {
    const another = createOffLoopReader(file);
    await another.read('SELECT 1', [], 30_000);
    const before = await readerPids();
    const running = another.read(RUNAWAY, [], 60_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const began = performance.now();
    another.close();
    await expect(running).rejects.toBeInstanceOf(ReadStopped);
    expect(performance.now() - began).toBeLessThan(100);
    await expect.poll(async () => (await readerPids()).length, { timeout: 2000 }).toBeLessThan(before.length);
    await expect(another.read('SELECT 1', [], 1000)).rejects.toBeInstanceOf(ReadStopped);
  });

  it("copies the server's committed pages into the database file, off the server's event loop", async () => {
    const shop = openDatabase({ kind: 'sqlite', file: join(dir, 'shop.db') });
    try {
      const server = shop.sqlite?.database;
      if (!server || !shop.reader) throw new Error('not SQLite');
      // The server's connection checkpoints only past 10,000 pages of WAL (40 MB), not SQLite's 1,000.
      expect(server.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
      server.exec(`CREATE TABLE notes (n INTEGER); INSERT INTO notes VALUES (1), (2), (3)`);
      /** What the database file alone holds, without its WAL: a copy of just that file, opened on its own. */
      const inFileAlone = () => {
        const copy = join(dir, `copy-${Date.now()}.db`);
        copyFileSync(join(dir, 'shop.db'), copy);
        const db = new SQLite(copy);
        try {
          return db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'notes'`).pluck().get() === 1
            ? db.prepare('SELECT sum(n) FROM notes').pluck().get()
            : 'no table yet';
        } finally {
          db.close();
        }
      };
      // Committed, but only in the WAL until a checkpoint.
      expect(inFileAlone()).toBe('no table yet');
      // The other tests' reader runs too: this database's reader is the process warm() adds.
      const others = await readerPids();
      const shopReaders = async () => (await readerPids()).filter((pid) => !others.includes(pid));
      shop.reader.warm();
      await expect.poll(inFileAlone, { timeout: 5000, interval: 100 }).toBe(6);

      // It crashes with no read waiting: a new one takes over the checkpoints a second later.
      const [crashed, ...more] = await shopReaders();
      if (crashed === undefined || more.length > 0) throw new Error('not one reader process for the shop');
      process.kill(crashed, 'SIGKILL');
      await expect.poll(() => processAlive(crashed), { timeout: 2000 }).toBe(false);
      server.exec('INSERT INTO notes VALUES (4)');
      await expect.poll(shopReaders, { timeout: RESTART_DELAY_MS + 3000, interval: 100 }).toHaveLength(1);
      expect(await shopReaders()).not.toContain(crashed);
      await expect.poll(inFileAlone, { timeout: 5000, interval: 100 }).toBe(10);
    } finally {
      shop.reader?.close();
      await shop.db.destroy();
    }
  });
});
