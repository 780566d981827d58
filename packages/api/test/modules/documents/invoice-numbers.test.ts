// Gap-free invoice numbers on both databases (B2B §6): one per paid order, INV-{year}-{000001} in sequence, no gap and
// no duplicate however many payments land at once, none taken by a payment that rolls back, and never a second one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignInvoiceNumber } from '../../../src/modules/billing/invoice-numbers.js';
import { databases } from '../../helpers/databases.js';
import { type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';
import { chargeOrder, invoiceNumberOf, payOrder, placeOrder, reportPayment } from './document-fixtures.js';

const year = new Date().getUTCFullYear();
const numbered = (n: number) => `INV-${year}-${String(n).padStart(6, '0')}`;

describe.each(databases)('invoice numbers on %s', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let productId: string;

  beforeAll(async () => {
    ({
      t,
      people: { alice, bob },
      products: { part: productId },
    } = await buildWorld(kind, {
      people: { alice: ['Alice Buyer', 'alice@example.com'], bob: ['Bob Buyer', 'bob@example.com'] },
      products: { part: { price: 2.5, availableQuantity: 1_000_000 } },
    }));
  });
  afterAll(() => t.close());

  const counter = async (y: number) =>
    (await t.app.db.selectFrom('invoice_counters').select('last_number').where('year', '=', y).executeTakeFirst())
      ?.last_number;

  it('gives an unpaid order no number and the first paid order number 1', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    expect(await invoiceNumberOf(t.app, orderId)).toBeNull();
    expect(await counter(year)).toBeUndefined();
    await payOrder(t.app, alice, orderId);
    expect(await invoiceNumberOf(t.app, orderId)).toBe(numbered(1));
    expect(await counter(year)).toBe(1);
  });

  it('numbers 40 payments landing at once 2..41: no gap, no duplicate', async () => {
    const buyers = [alice, bob];
    const orders = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const who = buyers[i % 2] ?? alice;
        const orderId = await placeOrder(t.app, who, productId);
        return { who, orderId, intentId: await chargeOrder(t.app, who, orderId) };
      }),
    );
    // Every order is charged; now all 40 "pay this order" calls race, each marking its order paid in a transaction.
    const answers = await Promise.all(orders.map((o) => reportPayment(t.app, o.who, o.orderId, o.intentId)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 40 }, () => 200));
    const numbers = await Promise.all(orders.map((o) => invoiceNumberOf(t.app, o.orderId)));
    expect([...numbers].sort()).toEqual(Array.from({ length: 40 }, (_, i) => numbered(i + 2)));
    // The answer carries the number too.
    const invoiceNumbers: unknown[] = answers.map((a) => a.json().invoiceNumber);
    expect(invoiceNumbers).toEqual(numbers);
    expect(await counter(year)).toBe(41);
  });

  it('takes no number in a payment that rolls back, and gives an order its number once', async () => {
    const rolledBack = await placeOrder(t.app, alice, productId);
    const at = new Date().toISOString();
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        expect(await assignInvoiceNumber(trx, rolledBack, at)).toBe(numbered(42));
        throw new Error('the payment failed after the number was taken');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await invoiceNumberOf(t.app, rolledBack)).toBeNull();
    expect(await counter(year)).toBe(41);

    const paid = await placeOrder(t.app, bob, productId);
    await payOrder(t.app, bob, paid);
    expect(await invoiceNumberOf(t.app, paid)).toBe(numbered(42));
    // Asked again (a retried confirmation), the order keeps its number and the sequence does not move.
    expect(await t.app.db.transaction().execute((trx) => assignInvoiceNumber(trx, paid, at))).toBe(numbered(42));
    expect(await counter(year)).toBe(42);
  });

  it('starts each year at 1, by the UTC year of the confirmation', async () => {
    const first = await placeOrder(t.app, alice, productId);
    const second = await placeOrder(t.app, alice, productId);
    const assign = (orderId: string, at: string) =>
      t.app.db.transaction().execute((trx) => assignInvoiceNumber(trx, orderId, at));
    expect(await assign(first, '2031-12-31T23:59:59.999Z')).toBe('INV-2031-000001');
    expect(await assign(second, '2032-01-01T00:00:00.000Z')).toBe('INV-2032-000001');
    expect(await counter(year)).toBe(42);
    expect(await assign('0123456789abcdef01234567', '2031-06-01T00:00:00.000Z')).toBeNull();
    expect(await counter(2031)).toBe(1);
  });
});
