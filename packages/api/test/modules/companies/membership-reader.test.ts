// The order path's remembered memberships (companies/membership-repository.ts) on both databases: this process's own
// company changes reach the next order at once; another instance's (a row changed behind the app's back) within a
// second, never later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembershipReader, MEMBERSHIP_RECHECK_MS } from '../../../src/modules/companies/index.js';
import { databases } from '../../helpers/databases.js';
import { call, signUp, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';
import { confirmEmail } from './invite-fixtures.js';

const where = { phone: '+1 555 0100', address: '1 Dock Road' };

describe.each(databases)('remembered memberships on %s', (kind) => {
  let t: TestApp;
  let product: string;
  let owner: SignedIn;
  let n = 0;

  const order = async (buyer: SignedIn) => {
    const res = await call(t.app, 'POST', '/api/orders', buyer, {
      lines: [{ productId: product, quantity: 2 }],
      ...where,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = String(res.json().insertedId);
    return t.app.db
      .selectFrom('orders')
      .select(['company_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  };
  /** A new customer who joins the owner's company as a buyer through the invite, as a colleague would. */
  const colleague = async () => {
    const email = `colleague${++n}@example.com`;
    const buyer = await signUp(t.app, `Colleague ${n}`, email);
    await order(buyer); // remembered as in no company
    expect((await call(t.app, 'POST', '/api/companies/mine/invites', owner, { email, role: 'buyer' })).statusCode).toBe(
      201,
    );
    const rows = await t.app.db.selectFrom('mail_outbox').select('content').where('to_address', '=', email).execute();
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(t.app.mail.bodies(rows.at(-1)?.content ?? '').text)?.[1] ?? '';
    expect((await call(t.app, 'POST', `/api/invites/${token}/accept`, buyer)).statusCode).toBe(200);
    return buyer;
  };

  beforeAll(async () => {
    ({
      t,
      people: { owner },
      products: { product },
    } = await buildWorld(kind, {
      people: { owner: ['Olga Owner', 'owner@example.com'] },
      products: { product: { price: 12.5, quantity: 1, availableQuantity: 100_000 } },
    }));
    // Only a confirmed e-mail invites (issue #47).
    await confirmEmail(t.app, owner);
    expect((await order(owner)).company_id).toBeNull(); // remembered as in no company
    const created = await call(t.app, 'POST', '/api/companies', owner, { name: 'Olga Ltd', billingAddress: '1 Way' });
    expect(created.statusCode, created.body).toBe(201);
  });
  afterAll(() => t.close());

  it('creating a company, joining, a new spending limit and leaving reach the very next order', async () => {
    const companyId = (await call(t.app, 'GET', '/api/companies/mine', owner)).json()._id;
    expect((await order(owner)).company_id).toBe(companyId);

    const buyer = await colleague();
    expect(await order(buyer)).toEqual({ company_id: companyId, status: 'pending' });

    const limited = await call(t.app, 'PATCH', `/api/companies/mine/members/${buyer.id}`, owner, { spendingLimit: 1 });
    expect(limited.statusCode).toBe(200);
    expect(await order(buyer)).toEqual({ company_id: companyId, status: 'awaiting_approval' });

    expect((await call(t.app, 'DELETE', `/api/companies/mine/members/${buyer.id}`, owner)).statusCode).toBe(204);
    expect(await order(buyer)).toEqual({ company_id: null, status: 'pending' });
  });

  it("another instance's change is read again once a second has passed, not before", async () => {
    let clock = Date.parse('2026-11-27T10:00:00Z');
    const reader = createMembershipReader(t.app.db, () => clock);
    const buyer = await colleague();
    const companyId = (await reader.find(buyer.id))?.companyId;
    expect(companyId).toEqual(expect.any(String));
    // Removed by a statement this reader's process did not make (another instance's).
    await t.app.db.deleteFrom('company_members').where('user_id', '=', buyer.id).execute();
    clock += MEMBERSHIP_RECHECK_MS - 1;
    expect((await reader.find(buyer.id))?.companyId).toBe(companyId);
    clock += 1;
    expect(await reader.find(buyer.id)).toBeUndefined();
    // forget() drops what was read, at once.
    await t.app.db
      .insertInto('company_members')
      .values({
        user_id: buyer.id,
        company_id: companyId ?? '',
        role: 'viewer',
        spending_limit_cents: null,
        joined_at: new Date(clock).toISOString(),
      })
      .execute();
    expect(await reader.find(buyer.id)).toBeUndefined();
    reader.forget();
    expect((await reader.find(buyer.id))?.role).toBe('viewer');
  });
});
