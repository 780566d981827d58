// Issue 47 on both databases: the reference an administrator gives when marking an on-account order paid belongs to
// the order (stored in paid_reference), so every answer of the order says it and when it was paid, the admin's and
// the buyer's alike; an unpaid order answers as before (no paidAt, no paidReference).
import type { Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call } from '../../../helpers/test-app.js';
import { createCompanyWorld, placed, type CompanyWorld } from '../company-ordering/fixtures.js';

describe.each(databases)('a payment reference on the order on %s', (kind) => {
  let w: CompanyWorld;
  beforeAll(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'net30', creditLimitCents: null });
  });
  afterAll(() => w.t.close());

  it('keeps the transfer reference and the time on the order and answers them to the admin and the buyer', async () => {
    const order = await placed(w, w.free, 4, { paymentTerms: 'account' });
    expect(order.status).toBe('confirmed');
    expect(order).not.toHaveProperty('paidAt');
    expect(order).not.toHaveProperty('paidReference');

    const marked = await call(w.t.app, 'POST', `/api/orders/${order._id}/mark-paid`, w.admin, {
      reference: 'BANK-2026-0042',
    });
    expect(marked.statusCode).toBe(200);
    const row = await w.t.app.db
      .selectFrom('orders')
      .select(['paid_at', 'paid_reference'])
      .where('id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(row.paid_reference).toBe('BANK-2026-0042');
    expect(row.paid_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const expected = { paid: true, paidAt: row.paid_at, paidReference: 'BANK-2026-0042', status: 'confirmed' };
    expect(marked.json<Order>()).toMatchObject(expected);
    for (const who of [w.admin, w.free, w.viewer]) {
      const seen = await call(w.t.app, 'GET', `/api/orders/${order._id}`, who);
      expect([seen.statusCode, seen.json<Order>()]).toEqual([200, expect.objectContaining(expected)]);
    }
  });

  it('answers a card payment with its time and no reference', async () => {
    const order = await placed(w, w.owner, 1);
    await w.t.app.db
      .updateTable('orders')
      .set({ paid_at: '2026-02-03T04:05:06.000Z', transaction_id: 'pi_0000000000000000000000aa', status: 'confirmed' })
      .where('id', '=', order._id)
      .execute();
    const seen = await call(w.t.app, 'GET', `/api/orders/${order._id}`, w.owner);
    expect(seen.json<Order>()).toMatchObject({ paidAt: '2026-02-03T04:05:06.000Z', paidReference: null });
  });
});
