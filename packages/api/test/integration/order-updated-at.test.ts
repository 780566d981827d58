// Every change of an order moves its updatedAt (B2B §9), on both databases: placing, card payment, shipping,
// delivery, cancelling, the refund after an admin's cancel, expiry and an on-account payment. Each answer's updatedAt
// is the time of that change as its row records it.
import type { Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../helpers/databases.js';
import { call } from '../helpers/test-app.js';
import {
  arrange,
  createWorld,
  orderRow,
  payByCard,
  placeOrder,
  post,
  type World,
} from '../modules/orders/lifecycle/lifecycle-fixtures.js';

const lastStep = (order: Order) => order.statusHistory[order.statusHistory.length - 1]?.at;

describe.each(databases)('updatedAt on %s', (kind) => {
  let w: World;
  const read = async (id: string): Promise<Order> => (await call(w.app, 'GET', `/api/orders/${id}`, w.admin)).json();

  beforeAll(async () => {
    w = await createWorld(kind);
  });
  afterAll(() => w.t.close());

  it('placing, paying, shipping and delivering each set it to the time of that step', async () => {
    const placed = await placeOrder(w);
    expect(placed.updatedAt).toBe(placed.createdAt);
    expect((await orderRow(w, placed._id)).updated_at).toBe(placed.createdAt);
    await payByCard(w, placed._id);
    const paid = await read(placed._id);
    expect(paid.status).toBe('confirmed');
    expect(paid.updatedAt).toBe(lastStep(paid));
    expect(paid.updatedAt > placed.updatedAt).toBe(true);
    const shipped: Order = (
      await post(w, w.admin, `/api/orders/${placed._id}/ship`, { carrier: 'UPS', trackingNumber: '1Z' })
    ).json();
    expect(shipped.updatedAt).toBe(lastStep(shipped));
    expect(shipped.updatedAt >= paid.updatedAt).toBe(true);
    const delivered: Order = (await post(w, w.alice, `/api/orders/${placed._id}/deliver`)).json();
    expect(delivered.status).toBe('delivered');
    expect(delivered.updatedAt).toBe(lastStep(delivered));
  });

  it('cancelling sets it, and the refund after an admin cancel sets it again', async () => {
    const open = await placeOrder(w);
    const cancelled: Order = (await post(w, w.alice, `/api/orders/${open._id}/cancel`)).json();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.updatedAt).toBe(lastStep(cancelled));

    const paidOrder = await placeOrder(w);
    await payByCard(w, paidOrder._id);
    const refunded: Order = (
      await post(w, w.admin, `/api/orders/${paidOrder._id}/cancel`, { reason: 'Out of stock' })
    ).json();
    expect(refunded.refunded).toBe(true);
    const row = await orderRow(w, paidOrder._id);
    expect(refunded.updatedAt).toBe(row.refunded_at);
    expect(refunded.updatedAt >= (lastStep(refunded) ?? '')).toBe(true);
  });

  it('expiry and an on-account payment set it', async () => {
    const due = await placeOrder(w);
    await arrange(w, due._id, { expires_at: '2026-01-01T00:00:00.000Z' });
    expect((await w.app.orders.expireDue()).expired).toBe(1);
    const expired = await read(due._id);
    expect(expired.status).toBe('expired');
    expect(expired.updatedAt).toBe(lastStep(expired));
    expect(expired.updatedAt > due.updatedAt).toBe(true);

    const onAccount = await placeOrder(w);
    await arrange(w, onAccount._id, {
      payment_terms: 'account',
      status: 'confirmed',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const marked: Order = (
      await post(w, w.admin, `/api/orders/${onAccount._id}/mark-paid`, { reference: 'BANK-9' })
    ).json();
    expect(marked.paid).toBe(true);
    expect(marked.updatedAt).toBe((await orderRow(w, onAccount._id)).paid_at);
    expect(marked.updatedAt > '2026-01-01T00:00:00.000Z').toBe(true);
  });
});
