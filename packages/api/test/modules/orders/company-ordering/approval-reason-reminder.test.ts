// Issue 47 on both databases: an order awaiting approval says why (the buyer's spending limit it passed, kept as at
// placement) and who decides (the company's owners by name, never its own buyer), and the owners get exactly one
// reminder before it expires (24 hours before, from the order-expiry job), however many runs race for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call } from '../../../helpers/test-app.js';
import { createCompanyWorld, placed, type CompanyWorld } from './fixtures.js';

const HOUR = 3_600_000;

describe.each(databases)('why an order waits, and its reminder, on %s', (kind) => {
  let w: CompanyWorld;
  beforeAll(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'card', creditLimitCents: null });
  });
  afterAll(() => w.t.close());

  const reminders = (orderId: string) =>
    w.t.app.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'dedupe_key'])
      .where('kind', '=', 'approval-reminder')
      .where('dedupe_key', 'like', `approval-reminder:${orderId}:%`)
      .execute();

  it('answers the reason, the deciders and the reminder time to whoever sees the order', async () => {
    const big = await placed(w, w.limited, 11);
    // The limit changes later: the reason keeps the one the order passed.
    await w.t.app.db
      .updateTable('company_members')
      .set({ spending_limit_cents: 5_000 })
      .where('user_id', '=', w.limited.id)
      .execute();
    const expiresAt = big.expiresAt ?? '';
    const expected = {
      orderId: big._id,
      spendingLimit: 100,
      total: 110,
      reason:
        "This order of $110.00 is above Lee Limited's spending limit of $100.00, so an owner of the company approves it before it goes ahead.",
      deciders: [{ name: 'Olga Owner' }],
      expiresAt,
      remindAt: new Date(Date.parse(expiresAt) - 24 * HOUR).toISOString(),
      reminded: false,
    };
    for (const who of [w.limited, w.owner, w.viewer, w.admin]) {
      const res = await call(w.t.app, 'GET', `/api/orders/${big._id}/approval`, who);
      expect([res.statusCode, res.json()]).toEqual([200, expected]);
    }
    expect((await call(w.t.app, 'GET', `/api/orders/${big._id}/approval`, w.outsider)).statusCode).toBe(404);
    const small = await placed(w, w.free, 1);
    const none = await call(w.t.app, 'GET', `/api/orders/${small._id}/approval`, w.free);
    expect([none.statusCode, none.json().error.code]).toEqual([409, 'not_awaiting_approval']);
  });

  it('reminds the owners once, 24 hours before the order expires, even with runs racing (50 rounds)', async () => {
    const big = await placed(w, w.free, 10_001); // no limit: pending; made to wait below
    await w.t.app.db
      .updateTable('orders')
      .set({ status: 'awaiting_approval', approval_limit_cents: 100_000 })
      .where('id', '=', big._id)
      .execute();
    expect(await w.t.app.orders.remindApprovals()).toBe(0); // two days left: not yet
    expect(await reminders(big._id)).toEqual([]);

    const now = Date.now();
    await w.t.app.db
      .updateTable('orders')
      .set({
        created_at: new Date(now - 25 * HOUR).toISOString(),
        expires_at: new Date(now + 23 * HOUR).toISOString(),
      })
      .where('id', '=', big._id)
      .execute();
    for (let round = 0; round < 50; round += 1) {
      await w.t.app.db.updateTable('orders').set({ approval_reminded_at: null }).where('id', '=', big._id).execute();
      await w.t.app.db
        .deleteFrom('mail_outbox')
        .where('dedupe_key', 'like', `approval-reminder:${big._id}:%`)
        .execute();
      const runs = await Promise.all([
        w.t.app.orders.remindApprovals(),
        w.t.app.orders.remindApprovals(),
        w.t.app.orders.remindApprovals(),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      const mails = await reminders(big._id);
      expect(mails.map((m) => m.to_address)).toEqual(['olga@example.com']);
    }
    const [mail] = await reminders(big._id);
    expect(mail?.subject).toMatch(
      new RegExp(`^Order ${big.number} still needs your approval: it expires \\d{1,2} \\w+ \\d{4}$`),
    );
    expect(await w.t.app.orders.remindApprovals()).toBe(0);
    const seen = await call(w.t.app, 'GET', `/api/orders/${big._id}/approval`, w.owner);
    expect(seen.json()).toMatchObject({ reminded: true, spendingLimit: 1000 });
  });

  it('never names the buyer promoted to owner as a decider, nor reminds them', async () => {
    const waiting = await placed(w, w.limited, 11); // $110: above Lee's limit, $100 or $50 alike
    expect(waiting.status).toBe('awaiting_approval');
    await call(w.t.app, 'PATCH', `/api/companies/mine/members/${w.limited.id}`, w.owner, { role: 'owner' });
    const seen = await call(w.t.app, 'GET', `/api/orders/${waiting._id}/approval`, w.limited);
    expect(seen.json().deciders).toEqual([{ name: 'Olga Owner' }]);
    const now = Date.now();
    await w.t.app.db
      .updateTable('orders')
      .set({ created_at: new Date(now - 30 * HOUR).toISOString(), expires_at: new Date(now + HOUR).toISOString() })
      .where('id', '=', waiting._id)
      .execute();
    expect(await w.t.app.orders.remindApprovals()).toBe(1);
    expect((await reminders(waiting._id)).map((m) => m.to_address)).toEqual(['olga@example.com']);
  });
});
