// Issue #25 on both databases: a buyer's order above their spending limit waits for approval (holding its stock), is
// not payable before it, and is approved (payable) or rejected (stock back, reason kept) by an owner of the company
// alone, with the mails and webhook events written in the same transaction; it expires like any unpaid order.
import type { Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call } from '../../../helpers/test-app.js';
import { createCompanyWorld, eventsOf, mailsOf, openOrdersOf, placed, stockOf, type CompanyWorld } from './fixtures.js';

describe.each(databases)('approvals on %s', (kind) => {
  let w: CompanyWorld;
  beforeAll(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'card', creditLimitCents: null });
  });
  afterAll(() => w.t.close());

  it('places an order within the limit pending, above it awaiting approval; owners and free buyers have none', async () => {
    expect((await placed(w, w.limited, 10)).status).toBe('pending'); // $100: at the limit
    expect((await placed(w, w.free, 500)).status).toBe('pending');
    expect((await placed(w, w.owner, 500)).status).toBe('pending');
    const stock = await stockOf(w);
    const open = await openOrdersOf(w, w.limited);
    const big = await placed(w, w.limited, 11); // $110
    expect([big.status, big.companyId, big.paymentTerms, big.price]).toEqual([
      'awaiting_approval',
      w.companyId,
      'card',
      110,
    ]);
    expect(big.statusHistory.map((s) => s.status)).toEqual(['awaiting_approval']);
    expect(big.expiresAt).not.toBeNull();
    expect(await stockOf(w)).toBe(stock - 11);
    expect(await openOrdersOf(w, w.limited)).toBe(open + 1);
    const mails = await mailsOf(w, big._id);
    expect(mails.map((m) => [m.kind, m.to_address, m.subject])).toEqual([
      ['approval-needed', 'olga@example.com', `Order ${big.number} needs your approval`],
      ['order-placed', 'lee@example.com', `Order ${big.number} placed`],
    ]);
    expect(await eventsOf(w, big._id)).toEqual(['order.created']);
  });

  it('refuses a payment before approval (409) and lets only an owner decide (403 members and admin, 404 outsiders)', async () => {
    const big = await placed(w, w.limited, 20);
    const intent = await call(w.t.app, 'POST', '/api/create-payment-intent', w.limited, { orderId: big._id });
    expect([intent.statusCode, intent.json().error.code]).toEqual([409, 'awaiting_approval']);
    for (const who of [w.limited, w.free, w.viewer, w.admin]) {
      expect((await call(w.t.app, 'POST', `/api/orders/${big._id}/approve`, who)).statusCode).toBe(403);
      expect((await call(w.t.app, 'POST', `/api/orders/${big._id}/reject`, who, { reason: 'no' })).statusCode).toBe(
        403,
      );
    }
    expect((await call(w.t.app, 'POST', `/api/orders/${big._id}/approve`, w.outsider)).statusCode).toBe(404);
    expect(
      (await call(w.t.app, 'POST', `/api/orders/${big._id}/reject`, w.outsider, { reason: 'no' })).statusCode,
    ).toBe(404);
    const row = await w.t.app.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', big._id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('awaiting_approval');
  });

  it('shows the queue to owners only, oldest first', async () => {
    const queue = await call(w.t.app, 'GET', '/api/company/approvals', w.owner);
    expect(queue.statusCode).toBe(200);
    const ids: string[] = queue.json<Order[]>().map((o) => o._id);
    const rows = await w.t.app.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'awaiting_approval')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(ids).toEqual(rows.map((r) => r.id));
    expect(ids.length).toBe(2);
    // Each says why it waits, as its own GET /api/orders/{id}/approval does.
    const reasons = queue.json<Array<{ approvalReason: string }>>().map((o) => o.approvalReason);
    expect(reasons).toEqual(
      ['$110.00', '$200.00'].map(
        (total) =>
          `This order of ${total} is above Lee Limited's spending limit of $100.00, so an owner of the company approves it before it goes ahead.`,
      ),
    );
    const own = await call(w.t.app, 'GET', `/api/orders/${ids[0] ?? ''}/approval`, w.owner);
    expect(own.json().reason).toBe(reasons[0]);
    expect((await call(w.t.app, 'GET', '/api/company/approvals', w.limited)).statusCode).toBe(403);
    expect((await call(w.t.app, 'GET', '/api/company/approvals', w.viewer)).statusCode).toBe(403);
    expect((await call(w.t.app, 'GET', '/api/company/approvals', w.outsider)).statusCode).toBe(404);
    expect((await call(w.t.app, 'GET', '/api/company/approvals')).statusCode).toBe(401);
  });

  it('approves to pending: payable by card, mail and event written, a second decision 409', async () => {
    const big = await placed(w, w.limited, 30);
    const res = await call(w.t.app, 'POST', `/api/orders/${big._id}/approve`, w.owner);
    expect(res.statusCode).toBe(200);
    const approved: Order = res.json();
    expect(approved.status).toBe('pending');
    expect(approved.statusHistory.map((s) => s.status)).toEqual(['awaiting_approval', 'pending']);
    const decided = (await mailsOf(w, big._id)).filter((m) => m.kind === 'approval-decided');
    expect(decided.map((m) => [m.to_address, m.subject])).toEqual([
      ['lee@example.com', `Order ${big.number} approved`],
    ]);
    expect(await eventsOf(w, big._id)).toEqual(['order.created', 'order.approved']);
    const again = await call(w.t.app, 'POST', `/api/orders/${big._id}/approve`, w.owner);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'invalid_transition']);
    expect((await call(w.t.app, 'POST', `/api/orders/${big._id}/reject`, w.owner, { reason: 'x' })).statusCode).toBe(
      409,
    );
    const intent = await call(w.t.app, 'POST', '/api/create-payment-intent', w.limited, { orderId: big._id });
    expect(intent.statusCode).toBe(200);
  });

  it('rejects with a reason: stock back, uncounted, reason kept and mailed; a missing reason is 400', async () => {
    const stock = await stockOf(w);
    const open = await openOrdersOf(w, w.limited);
    const big = await placed(w, w.limited, 40);
    const bad = await call(w.t.app, 'POST', `/api/orders/${big._id}/reject`, w.owner, { reason: '  ' });
    expect(bad.statusCode).toBe(400);
    const res = await call(w.t.app, 'POST', `/api/orders/${big._id}/reject`, w.owner, {
      reason: 'Over budget this month',
    });
    expect(res.statusCode).toBe(200);
    const rejected: Order = res.json();
    expect([rejected.status, rejected.cancelReason]).toEqual(['rejected', 'Over budget this month']);
    expect(await stockOf(w)).toBe(stock);
    expect(await openOrdersOf(w, w.limited)).toBe(open);
    const decided = (await mailsOf(w, big._id)).filter((m) => m.kind === 'approval-decided');
    expect(decided.map((m) => [m.to_address, m.subject])).toEqual([
      ['lee@example.com', `Order ${big.number} rejected`],
    ]);
    expect(decided[0]?.content).toContain('Over budget this month');
    expect(await eventsOf(w, big._id)).toEqual(['order.created', 'order.rejected']);
  });

  it('expires an order still awaiting approval: stock back once', async () => {
    const stock = await stockOf(w);
    const big = await placed(w, w.limited, 50);
    await w.t.app.db
      .updateTable('orders')
      .set({ expires_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', big._id)
      .execute();
    await w.t.app.orders.expireDue();
    const row = await w.t.app.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', big._id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect(await stockOf(w)).toBe(stock);
    expect((await call(w.t.app, 'POST', `/api/orders/${big._id}/approve`, w.owner)).statusCode).toBe(409);
  });

  it('lets the buyer and the owner cancel an order awaiting approval', async () => {
    const mine = await placed(w, w.limited, 12);
    const res = await call(w.t.app, 'POST', `/api/orders/${mine._id}/cancel`, w.limited, {});
    expect([res.statusCode, res.json().status]).toEqual([200, 'cancelled']);
  });
});
