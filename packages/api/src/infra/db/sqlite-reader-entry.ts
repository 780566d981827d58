// The child process behind off-loop-reader.ts: one read-only better-sqlite3 connection to the shop's WAL database. It
// runs the statements it is sent one at a time and sends their rows back. A statement that runs too long is not
// interrupted here (better-sqlite3 cannot interrupt one): the server kills this process and starts another.
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
