// Group commit (infra/db/sqlite-group-commit.ts): writes asked for together share one transaction, and each still
// gets its own outcome, a refusal and a failing write included.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase, type SqliteHandle } from '../../../src/infra/db/create-db.js';
import { groupCommit } from '../../../src/infra/db/sqlite-group-commit.js';

describe('SQLite group commit', () => {
  let dir: string;
  let database: OpenDatabase;
  let handle: SqliteHandle;
  /** A second connection to the same file: it sees only what has been committed. */
  let reader: SQLite.Database;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'group-commit-'));
    const file = path.join(dir, 'test.db');
    database = openDatabase({ kind: 'sqlite', file });
    if (!database.sqlite) throw new Error('not SQLite');
    handle = database.sqlite;
    handle.database.exec('CREATE TABLE notes (n integer PRIMARY KEY)');
    reader = new SQLite(file, { readonly: true });
  });
  afterEach(async () => {
    reader.close();
    await database.db.destroy();
    rmSync(dir, { recursive: true });
  });

  const committed = () => reader.prepare('SELECT n FROM notes ORDER BY n').pluck().all();

  it('runs calls of one turn in one transaction, and a refusal writes nothing', async () => {
    const seenByOthers: unknown[][] = [];
    const insert = handle.database.prepare('INSERT INTO notes (n) VALUES (?)');
    const write = groupCommit(database, handle, () => ({
      plan: (n: number) => {
        if (n === 2) throw new Error('refused 2');
        return {
          value: n * 10,
          write: () => {
            insert.run(n);
            seenByOthers.push(committed());
          },
        };
      },
    }));
    const outcomes = await Promise.allSettled([write(1), write(2), write(3)]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('refused 2') },
      { status: 'fulfilled', value: 30 },
    ]);
    // Nothing was visible outside until the one commit at the end of the batch.
    expect(seenByOthers).toEqual([[], []]);
    expect(committed()).toEqual([1, 3]);
    // A later turn is a batch of its own.
    await expect(write(4)).resolves.toBe(40);
    expect(committed()).toEqual([1, 3, 4]);
  });

  it('plans each call after the writes of the calls before it in the batch', async () => {
    const insert = handle.database.prepare('INSERT INTO notes (n) VALUES (?)');
    const count = handle.database.prepare('SELECT count(*) FROM notes').pluck();
    const write = groupCommit(database, handle, () => ({
      plan: (n: number) => ({ value: count.get(), write: () => insert.run(n) }),
    }));
    await expect(Promise.all([write(1), write(2), write(3)])).resolves.toEqual([0, 1, 2]);
  });

  it('runs a batch again a call at a time when a write fails, so that only that call fails', async () => {
    handle.database.exec('INSERT INTO notes (n) VALUES (99)');
    const insert = handle.database.prepare('INSERT INTO notes (n) VALUES (?)');
    const planned: number[] = [];
    const write = groupCommit(database, handle, () => ({
      plan: (n: number) => {
        planned.push(n);
        return { value: n, write: () => insert.run(n) };
      },
    }));
    // 99 is taken: its insert throws after 1 was written in the same transaction.
    const outcomes = await Promise.allSettled([write(1), write(99), write(3)]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : String(o.reason)))).toEqual([
      1,
      'SqliteError: UNIQUE constraint failed: notes.n',
      3,
    ]);
    expect(committed()).toEqual([1, 3, 99]);
    // The first run stopped at 99; the second planned every call again.
    expect(planned).toEqual([1, 99, 1, 99, 3]);
  });

  it('fails the whole batch, writing nothing, when SQLite has rolled the transaction back', async () => {
    const insert = handle.database.prepare('INSERT INTO notes (n) VALUES (?)');
    const write = groupCommit(database, handle, () => ({
      plan: (n: number) => ({
        value: n,
        write: () => {
          insert.run(n);
          if (n === 2) {
            // What SQLite does on a full disk or an I/O error: the transaction is gone.
            handle.database.exec('ROLLBACK');
            throw new Error('disk I/O error');
          }
        },
      }),
    }));
    const outcomes = await Promise.allSettled([write(1), write(2), write(3)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(committed()).toEqual([]);
  });

  /** A batch that keeps a running total in memory and writes it once, at its end, into a one-row table. */
  function totalling(failAt?: number) {
    handle.database.exec('CREATE TABLE total (n integer NOT NULL); INSERT INTO total VALUES (0)');
    const read = handle.database.prepare('SELECT n FROM total').pluck();
    const add = handle.database.prepare('UPDATE total SET n = n + ?');
    const insert = handle.database.prepare('INSERT INTO notes (n) VALUES (?)');
    const finishes: number[] = [];
    const write = groupCommit(database, handle, () => {
      let before: number | undefined;
      let added = 0;
      return {
        plan: (n: number) => {
          before ??= Number(read.get());
          if (n < 0) throw new Error(`refused ${n}`);
          const total = before + added + n;
          return {
            value: total,
            write: () => {
              added += n;
              insert.run(n);
            },
          };
        },
        finish: () => {
          finishes.push(added);
          if (added === failAt) throw new Error('the shared write failed');
          if (added > 0) add.run(added);
        },
      };
    });
    return { write, finishes, total: () => reader.prepare('SELECT n FROM total').pluck().get() };
  }

  it("keeps what a batch's calls add in memory and writes it once at the batch's end", async () => {
    const { write, finishes, total } = totalling();
    // Each call sees the calls before it in its batch; the refused one adds nothing.
    await expect(Promise.allSettled([write(1), write(-1), write(2), write(4)])).resolves.toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new Error('refused -1') },
      { status: 'fulfilled', value: 3 },
      { status: 'fulfilled', value: 7 },
    ]);
    expect(finishes).toEqual([7]);
    expect(total()).toBe(7);
    // The next batch starts from what the database holds.
    await expect(Promise.all([write(10)])).resolves.toEqual([17]);
    expect(finishes).toEqual([7, 10]);
    expect(total()).toBe(17);
    expect(committed()).toEqual([1, 2, 4, 10]);
  });

  it('runs the calls one at a time, each finishing its own batch, when the shared write fails', async () => {
    const { write, finishes, total } = totalling(3);
    // Together the batch adds 3, which fails; alone, 1 and 2 each succeed.
    await expect(Promise.all([write(1), write(2)])).resolves.toEqual([1, 3]);
    expect(finishes).toEqual([3, 1, 2]);
    expect(total()).toBe(3);
    expect(committed()).toEqual([1, 2]);
  });

  it('waits while a Kysely transaction is open instead of writing inside it', async () => {
    const insert = handle.database.prepare('INSERT INTO notes (n) VALUES (?)');
    const write = groupCommit(database, handle, () => ({
      plan: (n: number) => ({ value: n, write: () => insert.run(n) }),
    }));
    let queued: Promise<number> | undefined;
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .selectFrom('notes' as never)
          .selectAll()
          .execute();
        queued = write(7);
        // Several turns pass with the transaction open; the write has not run.
        await new Promise((r) => setTimeout(r, 20));
        expect(committed()).toEqual([]);
        throw new Error('roll back the Kysely transaction');
      })
      .catch(() => undefined);
    await expect(queued).resolves.toBe(7);
    expect(committed()).toEqual([7]);
  });
});
