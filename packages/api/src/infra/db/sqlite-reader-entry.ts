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

const file = process.argv[2];
if (!file) throw new Error('usage: sqlite-reader-entry <database file>');
const db = new SQLite(file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');

const statements = new Map<string, SQLite.Statement>();
function prepared(text: string): SQLite.Statement {
  let statement = statements.get(text);
  if (!statement) {
    statement = db.prepare(text);
    // Query shapes are finite (a few per search form); a bound all the same.
    if (statements.size >= 200) statements.clear();
    statements.set(text, statement);
  }
  return statement;
}

/** How often the WAL is checkpointed: often enough that the server's backstop is seldom reached under load. */
const CHECKPOINT_EVERY_MS = 200;
// A connection of its own, since the reading one is read-only. PASSIVE never waits for the server's writes and never
// makes them wait: it copies what has been committed so far, and the server's next write starts the WAL over once
// all of it has been copied. Checkpoints are crash-safe, so killing this process during one loses nothing.
const checkpointer = new SQLite(file, { fileMustExist: true });
checkpointer.pragma('synchronous = NORMAL');
setInterval(() => {
  try {
    checkpointer.pragma('wal_checkpoint(PASSIVE)');
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
// The server went away (or closed us): nothing else to do.
process.on('disconnect', () => process.exit(0));
