// B2B §15's audit trail on both databases: every change staff or an API key makes today leaves exactly one entry,
// written with the change, naming its actor (a person or a key), what changed as [before, after] in the API's field
// names, and the X-Request-Id of the change's answer. A customer's own change, a refused one and one that rolls back
// leave none.
import type { AuditActor, AuditEntry } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../../src/modules/audit/index.js';
import { databases } from '../../helpers/databases.js';
import { ADMIN, call, signUp, type SignedIn } from '../../helpers/test-app.js';
import { createKey } from '../../integration/key-fixtures.js';
import { clientSecretFor, confirm, intentIdOf, placeOrder } from '../payments/payment-fixtures.js';
import { createQuoteWorld, requestQuote, type QuoteWorld } from '../quotes/quote-fixtures.js';
import { auditPage, entryCount, entryOf } from './audit-fixtures.js';

describe.each(databases)('the audited changes (%s)', (kind) => {
  let w: QuoteWorld;
  let key: SignedIn;
  let keyId: string;
  let adminActor: AuditActor;
  let keyActor: AuditActor;

  beforeAll(async () => {
    w = await createQuoteWorld(kind);
    const created = await createKey(w.t.app, w.admin, 'ERP bridge', ['catalog:write', 'orders:write']);
    key = created.caller;
    keyId = created._id;
    adminActor = { type: 'user', id: w.admin.id, email: ADMIN.email, name: w.admin.name };
    keyActor = { type: 'apiKey', id: keyId, email: null, name: 'ERP bridge' };
  }, 60_000);
  afterAll(() => w.t.close());

  const app = () => w.t.app;
  /** Makes the call and answers its one entry, after checking that the entry's request id is the answer's. */
  async function audited(
    who: SignedIn,
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body: unknown,
    status: number,
  ): Promise<AuditEntry> {
    const res = await call(app(), method, url, who, body);
    expect(res.statusCode, res.body).toBe(status);
    const entry = await entryOf(app(), w.admin, res);
    expect(entry.requestId).toBe(res.headers['x-request-id']);
    expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000);
    return entry;
  }

  it('records a product created, edited (price and stock) and deleted, with its fields before and after', async () => {
    const created = await audited(
      w.admin,
      'POST',
      '/api/service',
      {
        name: 'Audited fan',
        description: 'A quiet fan.',
        img: '/api/images/demo/fan.png',
        sku: 'KC-FAN-7',
        price: 12.5,
        quantity: 10,
        availableQuantity: 40,
        category: 'Cooling',
      },
      201,
    );
    const id = created.targetId ?? '';
    expect(created).toMatchObject({
      actor: adminActor,
      action: 'product.created',
      targetType: 'product',
      summary: 'Created product KC-FAN-7 (Audited fan)',
    });
    expect(created.changes).toMatchObject({
      name: [null, 'Audited fan'],
      sku: [null, 'KC-FAN-7'],
      price: [null, 12.5],
      quantity: [null, 10],
      availableQuantity: [null, 40],
      category: [null, 'Cooling'],
    });

    const edited = await audited(w.admin, 'PATCH', `/api/service/${id}`, { price: 11.75, stockAdjustment: 25 }, 200);
    expect(edited).toMatchObject({
      actor: adminActor,
      action: 'product.updated',
      targetType: 'product',
      targetId: id,
      summary: 'Edited product KC-FAN-7 (Audited fan); stock +25',
      changes: { price: [12.5, 11.75], availableQuantity: [40, 65] },
    });

    const byKey = await audited(key, 'PATCH', `/api/service/${id}`, { stockAdjustment: -5 }, 200);
    expect(byKey).toMatchObject({
      actor: keyActor,
      action: 'product.updated',
      changes: { availableQuantity: [65, 60] },
    });

    const image = await audited(w.admin, 'PATCH', `/api/service/${id}`, { img: '/api/images/fan.webp' }, 200);
    expect(image.changes?.['img']?.[1]).toBe('/api/images/fan.webp');

    const deleted = await audited(w.admin, 'DELETE', `/api/service/${id}`, undefined, 200);
    expect(deleted).toMatchObject({
      action: 'product.deleted',
      targetId: id,
      summary: 'Deleted product KC-FAN-7 (Audited fan)',
    });
    expect(deleted.changes).toMatchObject({
      sku: ['KC-FAN-7', null],
      price: [11.75, null],
      availableQuantity: [60, null],
    });
  });

  it('records a catalogue import once, as a table-wide change (targetId null), by the key that sent it', async () => {
    const exported = await call(app(), 'GET', '/api/admin/products.csv', w.admin);
    const text = exported.body.replace('KC-CPU-1,CPU,', 'KC-CPU-1,CPU rev B,');
    expect(text).not.toBe(exported.body);
    const res = await app().inject({
      method: 'POST',
      url: '/api/admin/products.csv',
      headers: { ...key.auth, 'content-type': 'text/csv' },
      payload: text,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await entryOf(app(), w.admin, res);
    expect(entry).toEqual({
      _id: entry._id,
      at: entry.at,
      actor: keyActor,
      action: 'product.imported',
      targetType: 'product',
      targetId: null,
      summary: 'Imported the catalogue CSV: 0 created, 1 updated',
      changes: null,
      requestId: res.headers['x-request-id'],
    });
  });

  it("records a company's contract prices and its payment terms and credit limit", async () => {
    const prices = await audited(
      w.admin,
      'PUT',
      `/api/admin/companies/${w.companyId}/prices`,
      { prices: [{ productId: w.cpu, price: 8.4 }] },
      200,
    );
    expect(prices).toMatchObject({
      action: 'company.prices_replaced',
      targetType: 'company',
      targetId: w.companyId,
      changes: { 'prices.KC-CPU-1': [null, 8.4] },
    });
    const again = await audited(
      w.admin,
      'PUT',
      `/api/admin/companies/${w.companyId}/prices`,
      {
        prices: [
          { productId: w.cpu, price: 7.9 },
          { productId: w.gear, price: 17 },
        ],
      },
      200,
    );
    expect(again.changes).toEqual({ 'prices.KC-CPU-1': [8.4, 7.9], 'prices.KC-GEAR-9': [null, 17] });

    // The same prices from a CSV file: one entry, the changed price only; a file with a bad row changes and records
    // nothing.
    const csv = (body: string) =>
      app().inject({
        method: 'POST',
        url: `/api/admin/companies/${w.companyId}/prices.csv`,
        headers: { ...w.admin.auth, 'content-type': 'text/csv' },
        payload: body,
      });
    const fromCsv = await csv('sku,price\nKC-CPU-1,7.5\nKC-GEAR-9,17\n');
    expect(fromCsv.statusCode, fromCsv.body).toBe(200);
    const imported = await entryOf(app(), w.admin, fromCsv);
    expect(imported).toMatchObject({
      actor: adminActor,
      action: 'company.prices_replaced',
      targetId: w.companyId,
      summary: 'Replaced the contract prices from CSV: 2 price(s)',
      changes: { 'prices.KC-CPU-1': [7.9, 7.5] },
      requestId: fromCsv.headers['x-request-id'],
    });
    expect(Object.keys(imported.changes ?? {})).toEqual(['prices.KC-CPU-1']);
    const beforeBad = await entryCount(app());
    const bad = await csv('sku,price\nKC-CPU-1,1\nKC-NONE-0,2\n');
    expect(bad.statusCode, bad.body).toBe(400);
    expect(await entryCount(app())).toBe(beforeBad);

    const terms = await audited(
      w.admin,
      'PATCH',
      `/api/admin/companies/${w.companyId}`,
      { paymentTerms: 'net60', creditLimit: 25000 },
      200,
    );
    expect(terms).toMatchObject({
      actor: adminActor,
      action: 'company.terms_set',
      targetType: 'company',
      targetId: w.companyId,
      summary: 'Set the payment terms of Acme Parts',
      changes: { paymentTerms: ['card', 'net60'], creditLimit: [null, 25000] },
    });
  });

  it("records staff's order transitions and a cancel's refund; a customer's own cancel records nothing", async () => {
    // A card order paid at the sandbox, then shipped by the key, delivered by the admin.
    const paidOrder = async () => {
      const id = await placeOrder(app(), w.outsider, w.cpu, 10);
      const secret = await clientSecretFor(app(), w.outsider, id);
      await confirm(app(), secret);
      const res = await call(app(), 'PATCH', `/api/orders/${id}`, w.outsider, {
        order: id,
        transactionId: intentIdOf(secret),
      });
      expect(res.statusCode, res.body).toBe(200);
      return id;
    };
    const shippedId = await paidOrder();
    const shipped = await audited(
      key,
      'POST',
      `/api/orders/${shippedId}/ship`,
      { carrier: 'DHL', trackingNumber: 'T-9' },
      200,
    );
    expect(shipped).toMatchObject({
      actor: keyActor,
      action: 'order.shipped',
      targetType: 'order',
      targetId: shippedId,
      changes: { status: ['confirmed', 'shipped'], carrier: [null, 'DHL'], trackingNumber: [null, 'T-9'] },
    });
    const delivered = await audited(w.admin, 'POST', `/api/orders/${shippedId}/deliver`, undefined, 200);
    expect(delivered).toMatchObject({ action: 'order.delivered', changes: { status: ['shipped', 'delivered'] } });

    // The admin cancels a paid card order: the cancel and the refund, two entries of the one request.
    const refundedId = await paidOrder();
    const cancel = await call(app(), 'POST', `/api/orders/${refundedId}/cancel`, w.admin, { reason: 'Out of stock' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const both = (await auditPage(app(), w.admin, `targetId=${refundedId}`)).items;
    expect(both.map((e) => [e.action, e.requestId])).toEqual([
      ['order.refunded', cancel.headers['x-request-id']],
      ['order.cancelled', cancel.headers['x-request-id']],
    ]);
    expect(both[1]?.changes).toEqual({ status: ['confirmed', 'cancelled'], cancelReason: [null, 'Out of stock'] });
    expect(both[0]?.changes).toMatchObject({ refunded: [false, true] });
    expect(both[0]?.summary).toBe(`Refunded order ${cancel.json().number}: $100.00`);

    // An on-account order marked paid.
    const accountId = await placeOrder(app(), w.outsider, w.cpu, 3);
    await app()
      .db.updateTable('orders')
      .set({ payment_terms: 'account', status: 'confirmed' })
      .where('id', '=', accountId)
      .execute();
    const marked = await audited(w.admin, 'POST', `/api/orders/${accountId}/mark-paid`, { reference: 'WIRE-42' }, 200);
    expect(marked).toMatchObject({
      action: 'order.marked_paid',
      changes: { paid: [false, true], paidReference: [null, 'WIRE-42'] },
    });

    // The buyer cancels their own unpaid order: not audited.
    const own = await placeOrder(app(), w.outsider, w.cpu, 2);
    const before = await entryCount(app());
    const ownCancel = await call(app(), 'POST', `/api/orders/${own}/cancel`, w.outsider, {});
    expect(ownCancel.statusCode, ownCancel.body).toBe(200);
    expect(await entryCount(app())).toBe(before);
  });

  it('records quotes offered and rejected by the shop', async () => {
    const quote = await requestQuote(w, w.owner);
    const offered = await audited(
      w.admin,
      'POST',
      `/api/quotes/${quote._id}/offer`,
      {
        lines: [{ productId: w.cpu, unitPrice: 7.25 }],
        validUntil: new Date(Date.now() + 86_400_000 * 10).toISOString(),
      },
      200,
    );
    expect(offered).toMatchObject({
      action: 'quote.offered',
      targetType: 'quote',
      targetId: quote._id,
      summary: `Offered quote ${quote.number}: $362.50`,
    });
    expect(offered.changes).toMatchObject({
      status: ['requested', 'offered'],
      'lines.KC-CPU-1.unitPrice': [null, 7.25],
    });
    const other = await requestQuote(w, w.owner);
    const rejected = await audited(
      w.admin,
      'POST',
      `/api/quotes/${other._id}/reject`,
      { reason: 'Not this year' },
      200,
    );
    expect(rejected).toMatchObject({
      action: 'quote.rejected',
      targetId: other._id,
      summary: `Rejected quote ${other.number}: Not this year`,
      changes: { status: ['requested', 'rejected'], reason: [null, 'Not this year'] },
    });
  });

  it('records Make Admin and its undoing, API keys created and revoked, webhooks created, changed, deleted', async () => {
    const carol = await signUp(app(), 'Carol Clerk', 'carol@example.com');
    const granted = await audited(w.admin, 'PUT', '/api/user/admin/carol@example.com', undefined, 200);
    expect(granted).toMatchObject({
      action: 'staff.role_set',
      targetType: 'staff',
      targetId: carol.id,
      summary: 'Made carol@example.com an administrator',
      changes: { role: ['customer', 'administrator'] },
    });
    // Already an admin: modifiedCount 0, nothing changed, nothing recorded.
    const count = await entryCount(app());
    expect((await call(app(), 'PUT', '/api/user/admin/carol@example.com', w.admin)).json()).toEqual({
      modifiedCount: 0,
    });
    expect(await entryCount(app())).toBe(count);
    const revoked = await audited(w.admin, 'DELETE', '/api/user/admin/carol@example.com', undefined, 200);
    expect(revoked).toMatchObject({
      action: 'staff.removed',
      summary: 'Made carol@example.com a customer',
      changes: { role: ['administrator', 'customer'] },
    });

    const keyCreated = await audited(
      w.admin,
      'POST',
      '/api/admin/api-keys',
      { name: 'Spare', scopes: ['orders:read'] },
      201,
    );
    expect(keyCreated).toMatchObject({
      action: 'apiKey.created',
      targetType: 'apiKey',
      summary: 'Created API key Spare',
      changes: { name: [null, 'Spare'], scopes: [null, ['orders:read']] },
    });
    expect(JSON.stringify(keyCreated)).not.toContain('kc_');
    const keyRevoked = await audited(w.admin, 'DELETE', `/api/admin/api-keys/${keyCreated.targetId}`, undefined, 204);
    expect(keyRevoked).toMatchObject({
      action: 'apiKey.revoked',
      summary: 'Revoked API key Spare',
      changes: { revoked: [false, true] },
    });

    const hook = await audited(
      w.admin,
      'POST',
      '/api/admin/webhooks',
      { url: 'http://127.0.0.1:9/audit', events: ['order.created'] },
      201,
    );
    expect(hook).toMatchObject({
      action: 'webhook.created',
      targetType: 'webhook',
      changes: { url: [null, 'http://127.0.0.1:9/audit'], events: [null, ['order.created']], enabled: [null, true] },
    });
    expect(JSON.stringify(hook)).not.toContain('whsec_');
    const changed = await audited(w.admin, 'PATCH', `/api/admin/webhooks/${hook.targetId}`, { enabled: false }, 200);
    expect(changed).toMatchObject({ action: 'webhook.updated', changes: { enabled: [true, false] } });
    const removed = await audited(w.admin, 'DELETE', `/api/admin/webhooks/${hook.targetId}`, undefined, 204);
    expect(removed).toMatchObject({ action: 'webhook.deleted', changes: { url: ['http://127.0.0.1:9/audit', null] } });
  });

  it('records nothing for a refused change (4xx) or a refused caller', async () => {
    const before = await entryCount(app());
    const pending = await placeOrder(app(), w.outsider, w.cpu, 4);
    const refusals = [
      await call(app(), 'POST', `/api/orders/${pending}/ship`, w.admin, { carrier: 'DHL', trackingNumber: 'T-1' }),
      await call(app(), 'PATCH', `/api/service/${w.cpu}`, w.admin, { stockAdjustment: -10_000_000 }),
      await call(app(), 'PATCH', `/api/service/${w.cpu}`, w.admin, { sku: 'KC-GEAR-9' }),
      await call(app(), 'PATCH', `/api/service/${w.cpu}`, w.owner, { price: 1 }),
      await call(app(), 'PATCH', `/api/admin/companies/${w.companyId}`, w.owner, {
        paymentTerms: 'net15',
        creditLimit: 1,
      }),
      await call(app(), 'PATCH', '/api/admin/companies/bbbbbbbbbbbbbbbbbbbbbbb2', w.admin, {
        paymentTerms: 'net15',
        creditLimit: 1,
      }),
      await call(app(), 'DELETE', '/api/admin/webhooks/bbbbbbbbbbbbbbbbbbbbbbb2', w.admin),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([409, 409, 409, 403, 403, 404, 404]);
    expect(await entryCount(app())).toBe(before);
  });

  it('leaves no entry when the change it was recorded with rolls back', async () => {
    const before = await entryCount(app());
    const context = { actor: adminActor, requestId: 'rolled-back-1' };
    await expect(
      app()
        .db.transaction()
        .execute(async (trx) => {
          await recordAudit(trx, context, {
            action: 'product.updated',
            targetType: 'product',
            targetId: w.cpu,
            summary: 'x',
            changes: null,
          });
          throw new Error('the change failed after its entry was written');
        }),
    ).rejects.toThrow('the change failed');
    expect(await entryCount(app())).toBe(before);
  });
});
