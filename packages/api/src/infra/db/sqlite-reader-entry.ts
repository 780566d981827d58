// The child process behind off-loop-reader.ts: one read-only better-sqlite3 connection to the shop's WAL database. It
// runs the statements it is sent one at a time and sends their rows back. A statement that runs too long is not
// interrupted here (better-sqlite3 cannot interrupt one): the server kills this process and starts another.
//
// It also checkpoints the WAL, off the server's event loop: a checkpoint copies the WAL's pages into the database file
// and flushes it, and run by the server's own connection (SQLite's automatic checkpoint, inside the commit that
// crosses the threshold) it held up every request meanwhile. The server's connection keeps a far threshold as a
// backstop (create-db.ts), for when this process is gone or falls behind.
import SQLite from 'better-sqlite3';
import { isReadRequest, type ReadAnswer } from './off-loop-protocol.js';

interface Connections {
  reading: SQLite.Database;
  /** A connection of its own for the checkpoints, since the reading one is read-only. */
  checkpointing: SQLite.Database;
}

function open(file: string): Connections {
  const reading = new SQLite(file, { readonly: true, fileMustExist: true });
  reading.pragma('busy_timeout = 5000');
  const checkpointing = new SQLite(file, { fileMustExist: true });
  checkpointing.pragma('synchronous = NORMAL');
  return { reading, checkpointing };
}

/** How often the WAL is checkpointed: often enough that the server's backstop is seldom reached under load. */
const CHECKPOINT_EVERY_MS = 200;

function serve({ reading, checkpointing }: Connections) {
  const statements = new Map<string, SQLite.Statement>();
  function prepared(text: string): SQLite.Statement {
    let statement = statements.get(text);
    if (!statement) {
      statement = reading.prepare(text);
      // Query shapes are finite (a few per search form); a bound all the same.
      if (statements.size >= 200) statements.clear();
      statements.set(text, statement);
    }
    return statement;
  }

  // PASSIVE never waits for the server's writes and never makes them wait: it copies what has been committed so far,
  // and the server's next write starts the WAL over once all of it has been copied. Checkpoints are crash-safe, so
  // killing this process during one loses nothing.
  setInterval(() => {
    try {
      checkpointing.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy or closing: the next turn (or the server's backstop) does it.
    }
  }, CHECKPOINT_EVERY_MS);

  process.on('message', (message: unknown) => {
    if (!isReadRequest(message)) return;
    let answer: ReadAnswer;
    try {
      answer = { id: message.id, rows: prepared(message.sql).all(...message.parameters) };
    } catch (error) {
      answer = { id: message.id, error: error instanceof Error ? error.message : String(error) };
    }
    process.send?.(answer);
  });
  process.send?.({ ready: true });
}

const file = process.argv[2];
if (!file) throw new Error('usage: sqlite-reader-entry <database file>');
let connections: Connections | null = null;
try {
  connections = open(file);
} catch (error) {
  // A file that cannot be opened (gone, unreadable) is said to the server, which logs it once per failing streak,
  // rather than printed here as a stack at every retry.
  if (!process.send) throw error;
  process.send({ startFailed: error instanceof Error ? error.message : String(error) }, () => process.exit(1));
}
if (connections) serve(connections);
// The server went away (or closed us): nothing else to do.
process.on('disconnect', () => process.exit(0));
