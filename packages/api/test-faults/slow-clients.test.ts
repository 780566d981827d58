// Slow clients (Slowloris and friends) are cut off by the server's time-outs (app.ts SERVER_TIMEOUTS): headers
// dribbled one byte at a time, a body that never finishes, and an idle keep-alive connection. Each one holds a
// connection as long as the server lets it; the three run at once, so the file takes about as long as the longest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS } from '../src/app.js';
import { createTestDatabase, type TestDatabase } from '../test/helpers/databases.js';
import { api } from './http-client.js';
import { rawRequest } from './raw-http.js';
import { startServer, stopServer, type ServerProcess } from './server-process.js';

const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, checkEveryMs } = SERVER_TIMEOUTS;
/** Time-outs are checked every checkEveryMs; allow that plus a second for a busy machine. */
const SLACK_MS = checkEveryMs + 1000;

describe.concurrent('slow clients', () => {
  let db: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    server = await startServer(db.url, db.dir);
  });
  afterAll(async () => {
    await stopServer(server);
    await db.drop();
  });

  it('cuts off headers sent one byte every 200 ms after the headers time-out, with 408', async () => {
    const head = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'s'.repeat(400)}\r\n\r\n`;
    const slow = rawRequest(server.port, [...head], 200);
    const answer = await slow.answer;
    expect(answer.status).toBe(408);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(headersTimeoutMs - 100);
    expect(answer.closedAfterMs).toBeLessThan(headersTimeoutMs + SLACK_MS);
  });

  it('cuts off a body that never finishes after the request time-out, with 408', async () => {
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const stuck = rawRequest(server.port, [head, '{"email":"a'], 0);
    const answer = await stuck.answer;
    expect(answer.status).toBe(408);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(requestTimeoutMs - 100);
    expect(answer.closedAfterMs).toBeLessThan(requestTimeoutMs + SLACK_MS);
  });

  it('closes an idle keep-alive connection after the keep-alive time-out', async () => {
    const idle = rawRequest(server.port, ['GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'], 0);
    const answer = await idle.answer;
    expect(answer.status).toBe(200);
    expect(answer.idleBeforeCloseMs).toBeGreaterThanOrEqual(keepAliveTimeoutMs - 100);
    expect(answer.idleBeforeCloseMs).toBeLessThan(keepAliveTimeoutMs + SLACK_MS);
  });

  it('keeps serving others while the slow clients hang on', async () => {
    await new Promise((r) => setTimeout(r, 5000));
    const started = Date.now();
    expect((await api(server.base, 'GET', '/api/health')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
