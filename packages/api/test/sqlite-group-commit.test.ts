// Group commit (infra/db/sqlite-group-commit.ts): writes asked for together share one transaction, and each still
// gets its own outcome, a refusal and a failing write included.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase, type SqliteHandle } from '../src/infra/db/create-db.js';
import { groupCommit } from '../src/infra/db/sqlite-group-commit.js';

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
    const write = groupCommit(database, handle, (n: number) => {
      if (n === 2) throw new Error('refused 2');
      return {
        value: n * 10,
        write: () => {
          insert.run(n);
          seenByOthers.push(committed());
        },
      };
    });
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
    const write = groupCommit(database, handle, (n: number) => {
      const before = count.get();
      return { value: before, write: () => insert.run(n) };
    });
    await expect(Promise.all([write(1), write(2), write(3)])).resolves.toEqual([0, 1, 2]);
  });

  it('runs a batch again a call at a time when a write fails, so that only that call fails', async () => {
    handle.database.exec('INSERT INTO notes (n) VALUES (99)');
    const insert = handle.database.prepare('INSERT INTO notes (n) VALUES (?)');
    const planned: number[] = [];
    const write = groupCommit(database, handle, (n: number) => {
      planned.push(n);
      return { value: n, write: () => insert.run(n) };
    });
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
    const write = groupCommit(database, handle, (n: number) => ({
      value: n,
      write: () => {
        insert.run(n);
        if (n === 2) {
          // What SQLite does on a full disk or an I/O error: the transaction is gone.
          handle.database.exec('ROLLBACK');
          throw new Error('disk I/O error');
        }
      },
    }));
    const outcomes = await Promise.allSettled([write(1), write(2), write(3)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(committed()).toEqual([]);
  });

  it('waits while a Kysely transaction is open instead of writing inside it', async () => {
    const insert = handle.database.prepare('INSERT INTO notes (n) VALUES (?)');
    const write = groupCommit(database, handle, (n: number) => ({ value: n, write: () => insert.run(n) }));
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
