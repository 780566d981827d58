// SQL injection (OWASP API8 / ASVS V5.3): sqlmap, in batch mode at level 2 / risk 2, against the running server's
// parameters: ids in paths, the e-mail in path and query, paging in the query, and the JSON bodies of sign-in and
// order, on SQLite and PostgreSQL. It must find nothing, and the server must never answer 5xx to its payloads.
// Time-based blind tests are left out (--technique=BEUSQ): on a busy 2-core machine slow answers read as false
// positives, and any blind injection here would show in the boolean-based tests as well.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databases, type TestDatabase } from '../test/helpers/databases.js';
import { ADMIN } from '../test/helpers/test-app.js';
import { addProductAt, api, logInAt, signUpAt, stringField, type Session } from './http-client.js';
import { API_DIR, startServer, stopServer, type ServerProcess } from './server-process.js';
import { FOUND, sqlmap } from './sqlmap-runner.js';

describe('sqlmap with these settings', () => {
  it('does find a planted injection (so "nothing found" below means something)', async () => {
    const db = new SQLite(':memory:');
    db.exec("create table parts (id text, name text); insert into parts values ('a1', 'fan'), ('b2', 'psu')");
    // Deliberately vulnerable: the id is pasted into the SQL text.
    const planted = createServer((req, res) => {
      const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '';
      try {
        res.end(JSON.stringify(db.prepare(`select name from parts where id = '${id}'`).all()));
      } catch {
        res.end('[]');
      }
    });
    await new Promise<void>((r) => planted.listen(0, '127.0.0.1', r));
    const address = planted.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const outDir = mkdtempSync(join(tmpdir(), 'kestrel-sqlmap-'));
    try {
      const { output } = await sqlmap(['-u', `http://127.0.0.1:${port}/parts?id=a1`], outDir);
      expect(output).toMatch(FOUND);
    } finally {
      planted.close();
      db.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

describe.each(databases)('sqlmap against the server on %s', (kind) => {
  let db: TestDatabase;
  let server: ServerProcess;
  let ann: Session;
  let productId: string;
  let orderId: string;
  let outDir: string;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    outDir = mkdtempSync(join(tmpdir(), 'kestrel-sqlmap-'));
    server = await startServer(db.url, db.dir, undefined, [
      '--import',
      'tsx',
      join(API_DIR, 'test-faults/unlimited-server.ts'),
    ]);
    const admin = await logInAt(server.base, ADMIN.email, ADMIN.password);
    ann = await signUpAt(server.base, 'Ann', 'ann@example.com');
    productId = await addProductAt(server.base, admin, { quantity: 1, availableQuantity: 1_000_000 });
    const placed = await api(server.base, 'POST', '/api/order', ann.token, {
      productId,
      inputQuantity: 1,
      phone: '1',
      address: 'a',
    });
    orderId = stringField(placed.body, 'insertedId');
  });
  afterAll(async () => {
    await stopServer(server);
    await db?.drop();
    rmSync(outDir, { recursive: true, force: true });
  });

  const targets: [string, () => string[]][] = [
    ['product id in the path', () => ['-u', `${server.base}/api/service/${productId}*`]],
    ['paging in the query', () => ['-u', `${server.base}/api/service?limit=5&offset=0&sort=newest`]],
    [
      'order id in the path',
      () => ['-u', `${server.base}/api/orders/${orderId}*`, '-H', `Authorization: Bearer ${ann.token}`],
    ],
    [
      'e-mail in the query',
      () => ['-u', `${server.base}/api/orders?email=ann%40example.com`, '-H', `Authorization: Bearer ${ann.token}`],
    ],
    [
      'e-mail in the path',
      () => ['-u', `${server.base}/api/profile/ann%40example.com*`, '-H', `Authorization: Bearer ${ann.token}`],
    ],
    [
      'sign-in JSON body',
      () => [
        '-u',
        `${server.base}/api/auth/login`,
        '--data',
        JSON.stringify({ email: 'ann@example.com', password: 'fault-test-pass' }),
      ],
    ],
    [
      'order JSON body',
      () => [
        '-u',
        `${server.base}/api/order`,
        '-H',
        `Authorization: Bearer ${ann.token}`,
        '--data',
        JSON.stringify({ productId, inputQuantity: 1, phone: '555-0100', address: '1 Dock Rd' }),
        // A placed order's answer is mostly new per request (its id, times, lines, the stock left), which sqlmap's
        // page comparison can read as a true/false difference; the status code is the answer's stable signal.
        '--code=201',
      ],
    ],
  ];

  it.each(targets)('finds no injection: %s', async (_name, args) => {
    const { code, output } = await sqlmap(args(), outDir);
    expect(code).toBe(0);
    expect(output).toMatch(/do not appear to be injectable|does not seem to be injectable/);
    // The lines around a finding, so a failure shows what sqlmap saw.
    const lines = output.split('\n');
    const hits = lines.flatMap((l, i) => (FOUND.test(l) ? lines.slice(Math.max(0, i - 3), i + 12) : []));
    expect(hits).toEqual([]);
    expect(output).not.toMatch(/\b5\d\d \([A-Za-z ]+\) - \d+ times/);
    expect((await api(server.base, 'GET', '/api/health')).status).toBe(200);
    const tally = [...output.matchAll(/(\d{3}) \([A-Za-z ]+\) - (\d+) times/g)].map((m) => `${m[1]} x${m[2]}`);
    console.info(`sqlmap on ${kind}, ${_name}: nothing injectable; answers ${tally.join(', ')}`);
  });
});
