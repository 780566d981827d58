// Graceful shutdown: SIGTERM while slow requests are in flight (orders whose bodies are still arriving, sign-ups
// hashing a password with argon2id). Every one of them gets its answer, new connections are refused, and the exit code is 0.
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helpers/databases.js';
import { ADMIN } from '../test/helpers/test-app.js';
import { addProductAt, api, logInAt, signUpAt } from './http-client.js';
import { jsonHead, rawRequest, split } from './raw-http.js';
import { startServer, stopServer, type ServerProcess } from './server-process.js';

/** Whether a brand-new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('SIGTERM with requests in flight', () => {
  let db: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await stopServer(server);
    await db?.drop();
  });

  it('answers every request in flight, refuses new connections and exits with 0', async () => {
    db = await createTestDatabase('sqlite');
    server = await startServer(db.url, db.dir);
    const { base, port } = server;
    const admin = await logInAt(base, ADMIN.email, ADMIN.password);
    const buyer = await signUpAt(base, 'Late Buyer', 'late@example.com');
    const productId = await addProductAt(base, admin, { quantity: 1, availableQuantity: 1000 });

    // Four orders whose bodies are still arriving (five parts, 250 ms apart) and sixteen sign-ups hashing passwords.
    const orders = Array.from({ length: 4 }, () => {
      const body = JSON.stringify({ productId, inputQuantity: 1, phone: '555-0100', address: '1 Dock Rd' });
      return rawRequest(port, [jsonHead('POST', '/api/order', body, buyer.token), ...split(body, 5)], 250);
    });
    const signups = Array.from({ length: 16 }, (_, i) => {
      const body = JSON.stringify({ name: 'N', email: `n${i}@example.com`, password: 'slow-hash-pass' });
      return rawRequest(port, [jsonHead('POST', '/api/auth/signup', body) + body], 0);
    });
    const inFlight = [...orders, ...signups];
    await Promise.all(inFlight.map((r) => r.sent));
    // Ask it to stop once it has read the requests it was sent: a health check on a connection opened after theirs is
    // read, at the earliest, in the event loop's turn that reads them (a fixed 200 ms wait was too short on a loaded
    // host, where a sign-up not yet read when closing starts is answered 503). A new connection, not fetch's kept one.
    const health = rawRequest(port, ['GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'], 0);
    expect((await health.answer).status).toBe(200);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    const acceptedAfterSignal = await accepts(port);
    const answers = await Promise.all(inFlight.map((r) => r.answer));
    const { code, signal } = await server.exited;

    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(Math.min(...answers.slice(0, 4).map((a) => a.closedAfterMs))).toBeGreaterThan(1000);
    expect(acceptedAfterSignal).toBe(false);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    // The stored data agrees with the answers: all 4 orders and 16 new accounts are there after a restart.
    server = await startServer(db.url, db.dir, port);
    const product = await api(server.base, 'GET', `/api/service/${productId}`);
    expect(product.body).toMatchObject({ availableQuantity: 996 });
    const users = await api(
      server.base,
      'GET',
      '/api/user',
      (await logInAt(server.base, ADMIN.email, ADMIN.password)).token,
    );
    expect(Array.isArray(users.body) ? users.body.length : -1).toBe(18);
  });
});
