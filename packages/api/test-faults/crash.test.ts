// Crash safety (docs/product.md §5): `kill -9` the server in the middle of a stream of orders, start it again on the same
// database, and check that every order answered 2xx is there, none is half-written, and stock + ordered = initial.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { createTestDatabase, databases, type TestDatabase } from '../test/helpers/databases.js';
import { ADMIN } from '../test/helpers/test-app.js';
import { addProductAt, api, logInAt, signUpAt, stringField } from './http-client.js';
import { startServer, stopServer, type ServerProcess } from './server-process.js';

const INITIAL_STOCK = 100_000;
const PARALLEL = 8;

interface OrderRow {
  id: string;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  item_name: string;
  email: string;
  phone: string;
  address: string;
}

async function readOrders(db: TestDatabase, productId: string): Promise<{ orders: OrderRow[]; stock: number }> {
  const ordersSql =
    'select id, quantity, unit_price_cents, total_cents, item_name, email, phone, address from orders where product_id = ';
  const stockSql = 'select available_quantity from products where id = ';
  if (db.kind === 'sqlite') {
    const file = new SQLite(db.url.slice('file:'.length), { readonly: true });
    try {
      const orders = file.prepare<[string], OrderRow>(`${ordersSql}?`).all(productId);
      const stock = file.prepare<[string], { available_quantity: number }>(`${stockSql}?`).get(productId);
      return { orders, stock: stock?.available_quantity ?? -1 };
    } finally {
      file.close();
    }
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const orders = (await client.query<OrderRow>(`${ordersSql}$1`, [productId])).rows.map((r) => ({
      ...r,
      // bigint columns come back from pg as strings.
      unit_price_cents: Number(r.unit_price_cents),
      total_cents: Number(r.total_cents),
    }));
    const stock = (await client.query<{ available_quantity: number }>(`${stockSql}$1`, [productId])).rows[0];
    return { orders, stock: stock?.available_quantity ?? -1 };
  } finally {
    await client.end();
  }
}

describe.each(databases)('kill -9 during a stream of orders on %s', (kind) => {
  let db: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await stopServer(server);
    await db?.drop();
  });

  it('keeps every acknowledged order, whole, and the stock balanced', async () => {
    db = await createTestDatabase(kind);
    server = await startServer(db.url, db.dir);
    const admin = await logInAt(server.base, ADMIN.email, ADMIN.password);
    const buyer = await signUpAt(server.base, 'Crash Buyer', 'crash@example.com');
    const productId = await addProductAt(server.base, admin, {
      price: 4.25,
      quantity: 1,
      availableQuantity: INITIAL_STOCK,
    });

    const acknowledged: string[] = [];
    let failed = 0;
    let sent = 0;
    const base = server.base;
    // PARALLEL clients, each ordering 1-9 units again and again until the server is gone.
    const client = async () => {
      for (;;) {
        const res = await api(base, 'POST', '/api/order', buyer.token, {
          productId,
          inputQuantity: 1 + (sent++ % 9),
          phone: '555-0100',
          address: '1 Dock Rd',
        });
        if (res.status === 201) acknowledged.push(stringField(res.body, 'insertedId'));
        else {
          failed++;
          return;
        }
      }
    };
    const stream = Promise.all(Array.from({ length: PARALLEL }, client));
    // Kill once 150 orders are answered; a server that stops answering first fails the test rather than hanging it.
    while (acknowledged.length < 150 && failed === 0) await new Promise((r) => setTimeout(r, 20));
    expect(failed).toBe(0);
    server.child.kill('SIGKILL');
    const { signal } = await server.exited;
    await stream;
    expect(signal).toBe('SIGKILL');
    expect(failed).toBe(PARALLEL);

    server = await startServer(db.url, db.dir, server.port);
    const { orders, stock } = await readOrders(db, productId);
    const ids = new Set(orders.map((o) => o.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    for (const o of orders) {
      expect(o.total_cents).toBe(o.quantity * 425);
      expect([o.unit_price_cents, o.item_name, o.email, o.phone, o.address]).toEqual([
        425,
        'Test Part',
        'crash@example.com',
        '555-0100',
        '1 Dock Rd',
      ]);
    }
    const ordered = orders.reduce((sum, o) => sum + o.quantity, 0);
    expect(stock + ordered).toBe(INITIAL_STOCK);
    // At most the requests in flight at the moment of the kill may have been written without being answered.
    expect(orders.length - acknowledged.length).toBeLessThanOrEqual(PARALLEL);
    const after = await api(server.base, 'GET', `/api/service/${productId}`);
    expect(after.body).toMatchObject({ availableQuantity: stock });
    console.info(
      `${kind}: ${acknowledged.length} acknowledged, ${orders.length} stored, stock ${stock} + ${ordered} = ${INITIAL_STOCK}`,
    );
  });
});
