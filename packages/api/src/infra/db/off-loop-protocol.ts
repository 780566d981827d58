// Messages between the server and its SQLite reader process (off-loop-reader.ts, sqlite-reader-entry.ts).

export interface ReadRequest {
  id: number;
  sql: string;
  parameters: unknown[];
}

export type ReadAnswer = { id: number; rows: unknown[] } | { id: number; error: string };

export function isReadRequest(message: unknown): message is ReadRequest {
  return (
    typeof message === 'object' &&
    message !== null &&
    'id' in message &&
    typeof message.id === 'number' &&
    'sql' in message &&
    typeof message.sql === 'string' &&
    'parameters' in message &&
    Array.isArray(message.parameters)
  );
}

export function isReadAnswer(message: unknown): message is ReadAnswer {
  if (typeof message !== 'object' || message === null || !('id' in message) || typeof message.id !== 'number')
    return false;
  if ('error' in message) return typeof message.error === 'string';
  return 'rows' in message && Array.isArray(message.rows);
}

/** The reader's first message, once its connection is open. */
export function isReadReady(message: unknown): message is { ready: true } {
  return typeof message === 'object' && message !== null && 'ready' in message && message.ready === true;
}

/** The reader's only message when it cannot open the database: why. It exits right after. */
export function isReadStartFailed(message: unknown): message is { startFailed: string } {
  return (
    typeof message === 'object' &&
    message !== null &&
    'startFailed' in message &&
    typeof message.startFailed === 'string'
  );
}
