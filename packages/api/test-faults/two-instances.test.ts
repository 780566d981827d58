// Scale-out (docs/product.md §1, §5, §6): two server processes on one PostgreSQL database, as behind a load balancer.
// 200 orders at once, split across both, for stock of 37 sell exactly 37; 20 sign-ups of one e-mail make one account;
// 20 parallel card confirmations and 20 parallel PATCH /orders/{id} on one order charge once, with one payment record.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helpers/databases.js';
import { ADMIN } from '../test/helpers/test-app.js';
import { GOOD_CARD, intentIdOf } from '../test/modules/payments/payment-fixtures.js';
import { addProductAt, api, logInAt, numberField, signUpAt, stringField, type Session } from './http-client.js';
import { startServer, stopServer, type ServerProcess } from './server-process.js';

const ALREADY =
  'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.';

describe('two instances on one PostgreSQL database', () => {
  let db: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let servers: ServerProcess[] = [];
  let admin: Session;
  let buyers: Session[];
  const query = async (text: string, values: unknown[]) => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    // Both at once, as a deployment would; if one fails, the other is still stopped by afterAll.
    const started = await Promise.allSettled([startServer(db.url, db.dir), startServer(db.url, db.dir)]);
    servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    for (const r of started) if (r.status === 'rejected') throw r.reason;
    const [first, second] = servers;
    if (!first || !second) throw new Error('both instances must start');
    [a, b] = [first, second];
    admin = await logInAt(a.base, ADMIN.email, ADMIN.password);
    buyers = [];
    for (let i = 0; i < 10; i++)
      buyers.push(await signUpAt(i % 2 ? b.base : a.base, `Buyer ${i}`, `buyer${i}@example.com`));
  });
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await db?.drop();
  });

  it('sells exactly 37 of 37 to 200 simultaneous orders split across both instances', async () => {
    const productId = await addProductAt(a.base, admin, { price: 19.99, quantity: 1, availableQuantity: 37 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        api(i % 2 ? b.base : a.base, 'POST', '/api/order', buyers[i % 10]?.token, {
          productId,
          inputQuantity: 1,
          phone: '555-0100',
          address: '1 Dock Rd',
        }),
      ),
    );
    const count = (s: number) => answers.filter((x) => x.status === s).length;
    expect([count(201), count(400)]).toEqual([37, 163]);
    const product = await api(b.base, 'GET', `/api/service/${productId}`);
    expect(numberField(product.body, 'availableQuantity')).toBe(0);
    const rows = await query('select count(*)::int as n, sum(quantity)::int as q from orders where product_id = $1', [
      productId,
    ]);
    expect(rows[0]).toEqual({ n: 37, q: 37 });
  });

  it('creates one account when 20 sign-ups of one e-mail race across both instances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(i % 2 ? b.base : a.base, 'POST', '/api/auth/signup', undefined, {
          name: `Twin ${i}`,
          email: 'twin@example.com',
          password: 'twin-passphrase',
        }),
      ),
    );
    const taken = { error: { code: 'email_taken', message: 'An account with this e-mail already exists' } };
    expect(answers.filter((x) => x.status === 201)).toHaveLength(1);
    expect(answers.filter((x) => x.status === 409).map((x) => x.body)).toEqual(Array(19).fill(taken));
    expect(await query('select count(*)::int as n from users where email = $1', ['twin@example.com'])).toEqual([
      { n: 1 },
    ]);
  });

  it('charges one order once when 20 confirmations and 20 PATCH calls race across both instances', async () => {
    const productId = await addProductAt(a.base, admin, { price: 7.5, quantity: 100, availableQuantity: 1000 });
    const buyer = buyers[0];
    const placed = await api(a.base, 'POST', '/api/order', buyer?.token, {
      productId,
      inputQuantity: 100,
      phone: '1',
      address: 'a',
    });
    const orderId = stringField(placed.body, 'insertedId');
    const intent = await api(b.base, 'POST', '/api/create-payment-intent', buyer?.token, { orderId });
    const clientSecret = stringField(intent.body, 'clientSecret');
    const confirms = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(i % 2 ? b.base : a.base, 'POST', '/api/sandbox/confirm', undefined, { clientSecret, ...GOOD_CARD }),
      ),
    );
    // One confirmation charges; the others are refused as the intent has already succeeded (as Stripe does).
    const refused = confirms.filter((c) => c.status !== 200);
    expect(confirms.length - refused.length).toBe(1);
    for (const c of refused) {
      expect([c.status, c.body]).toEqual([
        400,
        { error: { code: 'payment_intent_unexpected_state', message: ALREADY } },
      ]);
    }
    const transactionId = intentIdOf(clientSecret);
    const patches = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(i % 2 ? a.base : b.base, 'PATCH', `/api/orders/${orderId}`, buyer?.token, { transactionId }),
      ),
    );
    expect(patches.map((p) => p.status)).toEqual(Array(20).fill(200));
    const payments = await query(
      'select status, amount_cents::int as amount_cents from payments where order_id = $1 and status = $2',
      [orderId, 'succeeded'],
    );
    expect(payments).toEqual([{ status: 'succeeded', amount_cents: 75_000 }]);
    const charged = await query(
      'select amount_received::int as amount_received from sandbox_intents where order_id = $1 and amount_received > 0',
      [orderId],
    );
    expect(charged).toEqual([{ amount_received: 75_000 }]);
    const records = await query('select count(*)::int as n from payments where order_id = $1', [orderId]);
    expect(records).toEqual([{ n: 1 }]);
    const order = await query('select paid_at is not null as paid, transaction_id from orders where id = $1', [
      orderId,
    ]);
    expect(order).toEqual([{ paid: true, transaction_id: transactionId }]);
  });
});
