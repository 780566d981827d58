// The orders CSV streams (B2B §6): 3,000 orders arrive complete over a real socket in several chunks, and the export
// reads the database a page at a time as it is consumed: an order written after the first page went out still
// appears at the end, which a build-it-all-first export could not do.
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/infra/db/ids.js';
import { CSV_PAGE_SIZE, exportOrdersCsv } from '../../../src/modules/documents/orders-csv.js';
import { databases } from '../../helpers/databases.js';
import { type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';
import { placeOrder } from './document-fixtures.js';

const ORDERS = 3000;

describe.each(databases)('orders CSV streaming on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let port: number;
  let templateId: string;

  /** Copies of a real order (and its line) under new, later ids: many orders without placing each. */
  async function cloneOrders(count: number): Promise<string[]> {
    const order = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', templateId)
      .executeTakeFirstOrThrow();
    const line = await t.app.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', templateId)
      .executeTakeFirstOrThrow();
    const ids = Array.from({ length: count }, () => newId());
    for (let i = 0; i < ids.length; i += 200) {
      const batch = ids.slice(i, i + 200);
      await t.app.db
        .insertInto('orders')
        .values(batch.map((id) => ({ ...order, id, number: id })))
        .execute();
      await t.app.db
        .insertInto('order_lines')
        .values(batch.map((id) => ({ ...line, order_id: id })))
        .execute();
    }
    return ids;
  }

  beforeAll(async () => {
    const world = await buildWorld(kind, {
      people: { alice: ['Alice Buyer', 'alice@example.com'] },
      products: { fan: { sku: 'KC-FAN-120', name: 'Fan', price: 6.25 } },
    });
    ({ t, admin } = world);
    const {
      people: { alice },
      products: { fan: productId },
    } = world;
    templateId = await placeOrder(t.app, alice, productId);
    await cloneOrders(ORDERS - 1);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  }, 60_000);
  afterAll(() => t.close());

  it('sends 3,000 orders complete, in several chunks', async () => {
    const { status, chunks, body } = await new Promise<{ status: number; chunks: number; body: string }>(
      (resolve, reject) => {
        get({ host: '127.0.0.1', port, path: '/api/orders.csv', headers: admin.auth }, (res) => {
          let chunks = 0;
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            chunks += 1;
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, chunks, body }));
          res.on('error', reject);
        }).on('error', reject);
      },
    );
    expect(status).toBe(200);
    const rows = body.split('\r\n');
    expect(rows).toHaveLength(ORDERS + 2);
    expect(rows[0]).toBe(
      'orderId,createdAt,status,poNumber,email,company,sku,name,quantity,unitPrice,lineTotal,orderTotal,paid,orderNumber,subtotal,taxTotal,country',
    );
    expect(rows[rows.length - 1]).toBe('');
    const ids = rows.slice(1, -1).map((row) => row.split(',')[0] ?? '');
    expect(new Set(ids).size).toBe(ORDERS);
    expect(ids).toEqual([...ids].sort());
    expect(rows[1]).toMatch(
      /^[0-9a-f]{24},\S+,pending,,alice@example.com,,KC-FAN-120,Fan,1000,6.25,6250.00,6250.00,false,SO-\d{4}-\d{6},6250.00,0.00,US$/,
    );
    expect(chunks).toBeGreaterThan(1);
  });

  it('reads the next page only as the last one is taken', async () => {
    const filter = { userId: null, companyId: null, createdFrom: null, createdBefore: null, status: null };
    const csv = exportOrdersCsv(t.app.db, filter);
    const header = await csv.next();
    expect(header.value).toMatch(/^orderId,/);
    const firstPage = await csv.next();
    expect(String(firstPage.value).split('\r\n')).toHaveLength(CSV_PAGE_SIZE + 1);
    // Written after the first page went out: a lazy export still reaches it on its last page.
    const [late] = await cloneOrders(1);
    let rest = '';
    for await (const chunk of csv) rest += chunk;
    const rows = rest.split('\r\n').filter((row) => row !== '');
    expect(rows).toHaveLength(ORDERS + 1 - CSV_PAGE_SIZE);
    expect(rows[rows.length - 1]?.startsWith(`${late},`)).toBe(true);
  });
});
