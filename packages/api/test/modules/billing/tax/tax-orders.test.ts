// B2B §13 on every way of ordering, on both databases, in exact cents: the rate by ship-to (region row, else country
// row, else the shop country's for an order without one), rounded half up; SPEC's price the subtotal plus tax, which
// the card pays and the spending limit counts; a rate changed after an order leaves it as placed; a quote offered net
// and taxed at accept; a contract price under a price break; 100 lines; the cart's totals before checkout.
import type { CartTotals, Order, Quote } from '@kestrel/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { order, placed } from '../../orders/company-ordering/fixtures.js';
import { databases } from '../../../helpers/databases.js';
import { addProduct, call, type SignedIn } from '../../../helpers/test-app.js';
import { createQuoteWorld, offerQuote, requestQuote, where, type QuoteWorld } from '../../quotes/quote-fixtures.js';

const RATES = [
  { country: 'US', rate: 5, name: 'Sales tax' },
  { country: 'US', region: 'NY', rate: 8.875, name: 'NY sales tax' },
  { country: 'US', region: 'CA', rate: 7.25, name: 'CA sales tax' },
  { country: 'DE', rate: 19, name: 'VAT' },
];
const NEW_YORK = { line1: '1 Broadway', city: 'New York', postalCode: '10004', region: 'NY', country: 'US' };
const DENVER = { line1: '1 Main St', city: 'Denver', postalCode: '80202', region: 'CO', country: 'US' };
const LA = { line1: '1 Grand Ave', city: 'Los Angeles', postalCode: '90012', region: 'CA', country: 'US' };
const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' };

const taxOf = (o: Order) => ({
  subtotal: o.subtotal,
  taxName: o.taxName,
  taxRate: o.taxRate,
  taxTotal: o.taxTotal,
  price: o.price,
  reverseCharge: o.reverseCharge,
  taxExemptionId: o.taxExemptionId,
});

describe.each(databases)('tax on orders (%s)', (kind) => {
  let w: QuoteWorld;
  beforeEach(async () => {
    w = await createQuoteWorld(kind);
  });
  afterEach(async () => w.t.close());

  const setRates = async (rates: unknown[]) => {
    const res = await call(w.t.app, 'PUT', '/api/admin/tax-rates', w.admin, { rates });
    expect(res.statusCode, res.body).toBe(200);
  };
  const orderOf = async (id: string) => (await call(w.t.app, 'GET', `/api/orders/${id}`, w.admin)).json<Order>();

  it('answers exactly as before with no rates configured', async () => {
    const o = await placed(w, w.outsider, 3, { shipTo: { address: NEW_YORK } });
    expect(taxOf(o)).toEqual({
      subtotal: 30,
      taxName: null,
      taxRate: 0,
      taxTotal: 0,
      price: 30,
      reverseCharge: false,
      taxExemptionId: null,
    });
    expect(taxOf(await placed(w, w.outsider, 1))).toMatchObject({ subtotal: 10, taxTotal: 0, price: 10 });
  });

  it('takes the region row, else the country row, else the shop country for no ship-to; no row pays nothing', async () => {
    await setRates(RATES);
    // $30.00 at 8.875% is 266.25 cents: 266.
    expect(taxOf(await placed(w, w.outsider, 3, { shipTo: { address: NEW_YORK } }))).toEqual({
      subtotal: 30,
      taxName: 'NY sales tax',
      taxRate: 8.875,
      taxTotal: 2.66,
      price: 32.66,
      reverseCharge: false,
      taxExemptionId: null,
    });
    // Colorado has no row: the US row. No ship-to: SHOP_COUNTRY's (US, the default) row without region.
    expect(taxOf(await placed(w, w.outsider, 3, { shipTo: { address: DENVER } }))).toMatchObject({
      taxName: 'Sales tax',
      taxRate: 5,
      taxTotal: 1.5,
      price: 31.5,
    });
    expect(taxOf(await placed(w, w.outsider, 3))).toMatchObject({ taxName: 'Sales tax', taxTotal: 1.5, price: 31.5 });
    // France has no row: no tax, no name.
    expect(taxOf(await placed(w, w.outsider, 3, { shipTo: { address: PARIS } }))).toEqual({
      subtotal: 30,
      taxName: null,
      taxRate: 0,
      taxTotal: 0,
      price: 30,
      reverseCharge: false,
      taxExemptionId: null,
    });
  });

  it('rounds half up on cents, SPEC modal order, cart checkout and reorder alike', async () => {
    await setRates(RATES);
    const dime = await addProduct(w.t.app, w.admin, {
      name: 'Washer',
      sku: 'KC-W-1',
      price: 0.1,
      quantity: 1,
      availableQuantity: 10_000,
    });
    // 10 cents at 5% is 0.5 cent: 1 cent (half up, not to even); 30 cents: 1.5: 2; 70 cents: 3.5: 4.
    for (const [units, tax] of [
      [1, 0.01],
      [3, 0.02],
      [7, 0.04],
    ] as const) {
      const res = await call(w.t.app, 'POST', '/api/order', w.outsider, {
        productId: dime,
        inputQuantity: units,
        ...where,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(taxOf(res.json<{ order: Order }>().order)).toMatchObject({ subtotal: units / 10, taxTotal: tax });
    }
    // $10.00 at 7.25% is 72.5 cents: 73.
    expect(taxOf(await placed(w, w.outsider, 1, { shipTo: { address: LA } }))).toMatchObject({
      taxTotal: 0.73,
      price: 10.73,
    });

    // The cart's totals before checkout are the order's after it.
    await call(w.t.app, 'PUT', '/api/cart', w.outsider, {
      lines: [
        { productId: w.cpu, quantity: 1 },
        { productId: dime, quantity: 5 },
      ],
    });
    const totals = await call(w.t.app, 'POST', '/api/cart/totals', w.outsider, { shipTo: { address: LA } });
    expect([totals.statusCode, totals.json()]).toEqual([
      200,
      {
        subtotal: 10.5,
        taxName: 'CA sales tax',
        taxRate: 7.25,
        taxTotal: 0.76,
        total: 11.26,
        reverseCharge: false,
        taxExemptionId: null,
        taxNote: null,
      } satisfies CartTotals,
    ]);
    expect((await call(w.t.app, 'POST', '/api/cart/totals', w.outsider, {})).json()).toMatchObject({
      taxName: 'Sales tax',
      taxTotal: 0.53,
      total: 11.03,
    });
    const bad = await call(w.t.app, 'POST', '/api/cart/totals', w.outsider, { shipTo: { address: { country: 'US' } } });
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, 'shipTo.address.line1 is required']);
    expect((await call(w.t.app, 'POST', '/api/cart/totals', undefined, {})).statusCode).toBe(401);
    const checkout = await call(w.t.app, 'POST', '/api/cart/checkout', w.outsider, {
      ...where,
      shipTo: { address: LA },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const checkedOut = checkout.json<{ order: Order }>().order;
    expect(taxOf(checkedOut)).toMatchObject({ subtotal: 10.5, taxTotal: 0.76, price: 11.26 });

    // A reorder puts the lines back in the cart; its order is taxed by its own ship-to.
    expect((await call(w.t.app, 'POST', `/api/orders/${checkedOut._id}/reorder`, w.outsider)).statusCode).toBe(200);
    const again = await call(w.t.app, 'POST', '/api/cart/checkout', w.outsider, {
      ...where,
      shipTo: { address: NEW_YORK },
    });
    // $10.50 at 8.875% is 93.1875 cents: 93.
    expect(taxOf(again.json<{ order: Order }>().order)).toMatchObject({ taxTotal: 0.93, price: 11.43 });
  });

  it('keeps a placed order as it was when the rates change, and the card pays the total with tax', async () => {
    await setRates(RATES);
    const before = await placed(w, w.outsider, 3, { shipTo: { address: NEW_YORK } });
    await setRates([{ country: 'US', region: 'NY', rate: 4, name: 'Changed' }]);
    expect(taxOf(await orderOf(before._id))).toMatchObject({ taxName: 'NY sales tax', taxTotal: 2.66, price: 32.66 });
    // The change applies to the next order at once (the table in memory was replaced).
    expect(taxOf(await placed(w, w.outsider, 3, { shipTo: { address: NEW_YORK } }))).toMatchObject({
      taxName: 'Changed',
      taxRate: 4,
      taxTotal: 1.2,
      price: 31.2,
    });
    const intent = await call(w.t.app, 'POST', '/api/create-payment-intent', w.outsider, { orderId: before._id });
    expect(intent.statusCode, intent.body).toBe(200);
    const payment = await w.t.app.db
      .selectFrom('payments')
      .select('amount_cents')
      .where('order_id', '=', before._id)
      .executeTakeFirstOrThrow();
    expect(Number(payment.amount_cents)).toBe(3266);
  });

  it('counts the tax in the spending limit; the approved order keeps its tax', async () => {
    await setRates(RATES);
    // Lee's limit is $100: ten CPUs are $100.00 net, $105.00 with 5% tax, so they wait for an owner.
    const waiting = await placed(w, w.limited, 10);
    expect([waiting.status, waiting.price, waiting.taxTotal]).toEqual(['awaiting_approval', 105, 5]);
    await setRates([]);
    const approved = await call(w.t.app, 'POST', `/api/orders/${waiting._id}/approve`, w.owner);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(taxOf(approved.json<Order>())).toEqual({
      subtotal: 100,
      taxName: 'Sales tax',
      taxRate: 5,
      taxTotal: 5,
      price: 105,
      reverseCharge: false,
      taxExemptionId: null,
    });
    // Without tax the same order is within the limit.
    expect((await placed(w, w.limited, 10)).status).toBe('pending');
  });

  it('taxes a contract price under a price break, a 100-line order and a quote accepted net', async () => {
    await setRates(RATES);
    // Gear: $20.00, $18.50 from 200; the company's contract price $18.07 is lower and applies.
    const prices = await call(w.t.app, 'PUT', `/api/admin/companies/${w.companyId}/prices`, w.admin, {
      prices: [{ productId: w.gear, price: 18.07 }],
    });
    expect(prices.statusCode, prices.body).toBe(200);
    const contract = await call(w.t.app, 'POST', '/api/orders', w.free, {
      lines: [{ productId: w.gear, quantity: 200 }],
      ...where,
      shipTo: { address: NEW_YORK },
    });
    expect(contract.statusCode, contract.body).toBe(201);
    // 361,400 cents at 8.875% is 32,074.25: $320.74.
    expect(taxOf(contract.json<{ order: Order }>().order)).toMatchObject({
      subtotal: 3614,
      taxTotal: 320.74,
      price: 3934.74,
    });

    const products: string[] = [];
    for (let i = 0; i < 100; i++) {
      products.push(
        await addProduct(w.t.app, w.admin, {
          name: `Part ${i}`,
          sku: `KC-T-${i}`,
          price: (101 + i) / 100,
          quantity: 1,
          availableQuantity: 100,
        }),
      );
    }
    const many = await call(w.t.app, 'POST', '/api/orders', w.outsider, {
      lines: products.map((productId, i) => ({ productId, quantity: (i % 3) + 1 })),
      ...where,
      shipTo: { address: LA },
    });
    expect(many.statusCode, many.body).toBe(201);
    const manyOrder = many.json<{ order: Order }>().order;
    const subtotalCents = products.reduce((sum, _, i) => sum + (101 + i) * ((i % 3) + 1), 0);
    expect(subtotalCents).toBe(29_966);
    // 29,966 cents at 7.25% is 2,172.535: 2,173 cents.
    expect(taxOf(manyOrder)).toMatchObject({ subtotal: 299.66, taxTotal: 21.73, price: 321.39 });
    expect(manyOrder.lines).toHaveLength(100);

    // A quote is offered net ($7.25 a CPU, 50 CPUs: $362.50) and taxed at accept by the ship-to: 8.875% of
    // 36,250 cents is 3,217.1875: $32.17.
    const quote = await requestQuote(w, w.free);
    const offered = await offerQuote(w, quote);
    expect(offered.offeredTotal).toBe(362.5);
    const accepted = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, {
      ...where,
      shipTo: { address: NEW_YORK },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const fromQuote = await orderOf(accepted.json<Quote>().orderId ?? '');
    expect(taxOf(fromQuote)).toEqual({
      subtotal: 362.5,
      taxName: 'NY sales tax',
      taxRate: 8.875,
      taxTotal: 32.17,
      price: 394.67,
      reverseCharge: false,
      taxExemptionId: null,
    });
  });

  it('exempts a company with its certificate id (400 without), on its orders and cart totals', async () => {
    await setRates(RATES);
    const url = `/api/admin/companies/${w.companyId}`;
    const patch = (body: unknown, who: SignedIn = w.admin) => call(w.t.app, 'PATCH', url, who, body);
    for (const [body, message] of [
      [{ taxExempt: true }, 'taxExemptionId is required when taxExempt is true'],
      [{ taxExemptionId: 'NY-EX-1' }, 'taxExemptionId is only taken for a tax-exempt company (taxExempt: true)'],
      [{ taxExempt: true, taxExemptionId: '' }, 'taxExemptionId must be 1 to 40 characters'],
      [{ taxExempt: true, taxExemptionId: 'x'.repeat(41) }, 'taxExemptionId must be 1 to 40 characters'],
      [{ taxExempt: 'yes', taxExemptionId: 'NY-EX-1' }, 'taxExempt must be true or false'],
    ] as const) {
      const res = await patch(body);
      expect([res.statusCode, res.json()], JSON.stringify(body)).toEqual([
        400,
        { error: { code: 'validation_error', message } },
      ]);
    }
    expect((await patch({ taxExempt: true, taxExemptionId: 'NY-EX-1' }, w.owner)).statusCode).toBe(403);
    expect((await placed(w, w.free, 3)).taxTotal).toBe(1.5);

    const set = await patch({ taxExempt: true, taxExemptionId: ' NY-EX-1 ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ paymentTerms: 'card', taxExempt: true, taxExemptionId: 'NY-EX-1' });
    const exempt = await placed(w, w.free, 3, { shipTo: { address: NEW_YORK } });
    expect(taxOf(exempt)).toEqual({
      subtotal: 30,
      taxName: null,
      taxRate: 0,
      taxTotal: 0,
      price: 30,
      reverseCharge: false,
      taxExemptionId: 'NY-EX-1',
    });
    await call(w.t.app, 'PUT', '/api/cart', w.free, { lines: [{ productId: w.cpu, quantity: 2 }] });
    expect((await call(w.t.app, 'POST', '/api/cart/totals', w.free, {})).json()).toEqual({
      subtotal: 20,
      taxName: null,
      taxRate: 0,
      taxTotal: 0,
      total: 20,
      reverseCharge: false,
      taxExemptionId: 'NY-EX-1',
      taxNote: 'Tax exempt: exemption certificate NY-EX-1.',
    });
    // Another change keeps the exemption; ending it clears the certificate id, and the next order pays.
    expect((await patch({ creditLimit: 500 })).json()).toMatchObject({ taxExempt: true, taxExemptionId: 'NY-EX-1' });
    expect((await patch({ taxExempt: false })).json()).toMatchObject({ taxExempt: false, taxExemptionId: null });
    expect((await placed(w, w.free, 3)).taxTotal).toBe(1.5);
    expect(taxOf(await orderOf(exempt._id)).taxExemptionId).toBe('NY-EX-1');
  });

  it('refuses an order whose total with tax would pass the largest total', async () => {
    await setRates([{ country: 'US', rate: 30, name: 'Sales tax' }]);
    const dear = await addProduct(w.t.app, w.admin, {
      name: 'Plant',
      sku: 'KC-PLANT',
      price: 1_000_000,
      quantity: 1,
      availableQuantity: 1_000_000,
    });
    // 800,000 of them are 8e13 cents, within the bound of 1e14; with 30% tax 1.04e14, past it.
    const res = await order(w, w.outsider, 1, { lines: [{ productId: dear, quantity: 800_000 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('order_total_too_large');
    await setRates([]);
    expect((await order(w, w.outsider, 1, { lines: [{ productId: dear, quantity: 800_000 }] })).statusCode).toBe(201);
  });
});
