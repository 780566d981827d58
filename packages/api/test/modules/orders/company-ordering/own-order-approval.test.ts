// Issue 47 on both databases: a buyer promoted to owner never decides on an order they placed as a buyer (four
// eyes, docs/product.md §28): approve and reject answer 403 with the reason, the queue does not offer it to them, and
// another owner still decides it.
import type { Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call } from '../../../helpers/test-app.js';
import { createCompanyWorld, placed, type CompanyWorld } from './fixtures.js';

const OWN_ORDER = 'You placed this order yourself: another owner of your company approves or rejects it';

describe.each(databases)('an owner’s own order on %s', (kind) => {
  let w: CompanyWorld;
  beforeAll(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'card', creditLimitCents: null });
  });
  afterAll(() => w.t.close());

  it('refuses its buyer promoted to owner (403), hides it from their queue, and lets another owner approve it', async () => {
    const big = await placed(w, w.limited, 11);
    expect(big.status).toBe('awaiting_approval');
    const promote = await call(w.t.app, 'PATCH', `/api/companies/mine/members/${w.limited.id}`, w.owner, {
      role: 'owner',
    });
    expect(promote.statusCode).toBe(200);

    const approve = await call(w.t.app, 'POST', `/api/orders/${big._id}/approve`, w.limited);
    expect([approve.statusCode, approve.json().error.message]).toEqual([403, OWN_ORDER]);
    const reject = await call(w.t.app, 'POST', `/api/orders/${big._id}/reject`, w.limited, { reason: 'mine' });
    expect([reject.statusCode, reject.json().error.message]).toEqual([403, OWN_ORDER]);
    const row = await w.t.app.db
      .selectFrom('orders')
      .select(['status', 'status_history'])
      .where('id', '=', big._id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('awaiting_approval');
    expect(JSON.parse(row.status_history)).toHaveLength(1);

    const theirs = await call(w.t.app, 'GET', '/api/company/approvals', w.limited);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<Order[]>().map((o) => o._id)).not.toContain(big._id);
    const olgas = await call(w.t.app, 'GET', '/api/company/approvals', w.owner);
    expect(olgas.json<Order[]>().map((o) => o._id)).toContain(big._id);

    const approved = await call(w.t.app, 'POST', `/api/orders/${big._id}/approve`, w.owner);
    expect([approved.statusCode, approved.json<Order>().status]).toEqual([200, 'pending']);
  });
});
