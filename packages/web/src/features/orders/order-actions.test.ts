import { describe, expect, it } from 'vitest';
import type { Order } from '@kestrel/shared';
import { adminActions, buyerActions, cancelRefunds, refundedText, unshippedUnits } from './order-actions';

const order = (status: Order['status'], extra: Partial<Order> = {}) => ({
  status,
  paid: false,
  paymentTerms: 'card' as const,
  ...extra,
});

describe('buyerActions', () => {
  it('offers a company viewer nothing, whatever the status (issue #47)', () => {
    for (const status of ['pending', 'awaiting_approval', 'shipped', 'cancelled'] as const) {
      expect(buyerActions(order(status), false)).toEqual({ pay: false, cancel: false, deliver: false, delete: false });
    }
  });

  it('offers pay, cancel and delete on a pending card order, nothing else', () => {
    expect(buyerActions(order('pending'))).toEqual({
      pay: true,
      cancel: true,
      deliver: false,
      delete: true,
    });
  });

  it('lets an order awaiting approval be cancelled or deleted, not paid', () => {
    expect(buyerActions(order('awaiting_approval'))).toEqual({
      pay: false,
      cancel: true,
      deliver: false,
      delete: true,
    });
  });

  it('offers no cancel, pay or delete on a paid confirmed order', () => {
    expect(buyerActions(order('confirmed', { paid: true }))).toEqual({
      pay: false,
      cancel: false,
      deliver: false,
      delete: false,
    });
  });

  it('keeps an unpaid on-account order (confirmed, invoiced) from being deleted', () => {
    const onAccount = order('confirmed', { paymentTerms: 'account' });
    expect(buyerActions(onAccount)).toMatchObject({ pay: false, cancel: false, delete: false });
  });

  it('offers Mark as delivered only on a shipped order', () => {
    expect(buyerActions(order('shipped', { paid: true })).deliver).toBe(true);
    expect(buyerActions(order('delivered', { paid: true })).deliver).toBe(false);
    expect(buyerActions(order('confirmed', { paid: true })).deliver).toBe(false);
  });

  it('lets ended unpaid orders be deleted but not cancelled again', () => {
    for (const status of ['cancelled', 'expired', 'rejected'] as const) {
      expect(buyerActions(order(status))).toMatchObject({ pay: false, cancel: false, delete: true });
    }
    expect(buyerActions(order('cancelled', { paid: true }))).toMatchObject({ delete: false });
  });
});

describe('adminActions', () => {
  it('ships and cancels a confirmed card order; mark-paid is for on-account orders only', () => {
    expect(adminActions(order('confirmed', { paid: true }))).toEqual({
      ship: true,
      deliver: false,
      cancel: true,
      markPaid: false,
    });
    expect(adminActions(order('confirmed', { paymentTerms: 'account' }))).toEqual({
      ship: true,
      deliver: false,
      cancel: true,
      markPaid: true,
    });
    expect(adminActions(order('confirmed', { paymentTerms: 'account', paid: true })).markPaid).toBe(false);
  });

  it('cancels held orders but never ships them', () => {
    expect(adminActions(order('pending'))).toEqual({ ship: false, deliver: false, cancel: true, markPaid: false });
    expect(adminActions(order('awaiting_approval'))).toEqual({
      ship: false,
      deliver: false,
      cancel: true,
      markPaid: false,
    });
  });

  it('records the delivery of a shipped order, and offers nothing once it was delivered or ended', () => {
    expect(adminActions(order('shipped', { paid: true }))).toEqual({
      ship: false,
      deliver: true,
      cancel: false,
      markPaid: false,
    });
    for (const status of ['delivered', 'cancelled', 'expired', 'rejected'] as const) {
      expect(adminActions(order(status, { paid: true }))).toEqual({
        ship: false,
        deliver: false,
        cancel: false,
        markPaid: false,
      });
    }
  });

  it('ships the rest of a partly shipped order and delivers it while a shipment is under way (B2B §14)', () => {
    const shipment = (deliveredAt: string | null) => ({
      _id: 's1',
      number: 'SO-2026-000001-S1',
      lines: [],
      carrier: 'DHL',
      trackingNumber: 'T',
      shippedAt: '2026-12-01T00:00:00.000Z',
      deliveredAt,
    });
    const underWay = order('partially_shipped', { paid: true, shipments: [shipment(null)] });
    // An admin's cancel cancels its unshipped units only; a buyer never cancels it.
    expect(adminActions(underWay)).toEqual({ ship: true, deliver: true, cancel: true, markPaid: false });
    expect(buyerActions(underWay).cancel).toBe(false);
    expect(adminActions(underWay, ['orders.read', 'orders.ship']).cancel).toBe(false);
    expect(buyerActions(underWay).deliver).toBe(true);
    const arrived = order('partially_shipped', { paid: true, shipments: [shipment('2026-12-02T00:00:00.000Z')] });
    expect(adminActions(arrived)).toEqual({ ship: true, deliver: false, cancel: true, markPaid: false });
    expect(buyerActions(arrived).deliver).toBe(false);
    // A warehouse member ships; finance does not.
    expect(adminActions(underWay, ['orders.read', 'finance.manage']).ship).toBe(false);
  });

  it('still takes the payment of an on-account order after it shipped, never of one that ended', () => {
    for (const status of ['shipped', 'delivered'] as const) {
      expect(adminActions(order(status, { paymentTerms: 'account' }))).toEqual({
        ship: false,
        deliver: status === 'shipped',
        cancel: false,
        markPaid: true,
      });
    }
    for (const status of ['pending', 'awaiting_approval', 'cancelled', 'expired', 'rejected'] as const) {
      expect(adminActions(order(status, { paymentTerms: 'account' })).markPaid).toBe(false);
    }
  });
});

describe('cancelRefunds', () => {
  it('is true only for a paid card order', () => {
    expect(cancelRefunds({ paid: true, paymentTerms: 'card' })).toBe(true);
    expect(cancelRefunds({ paid: false, paymentTerms: 'card' })).toBe(false);
    expect(cancelRefunds({ paid: true, paymentTerms: 'account' })).toBe(false);
  });
});

describe('what a partial cancel or a refund leaves (B2B §14)', () => {
  const line = (quantity: number, shippedQuantity: number, cancelledQuantity: number) =>
    ({ quantity, shippedQuantity, cancelledQuantity }) as Order['lines'][number];

  it('counts the units neither shipped nor cancelled', () => {
    expect(unshippedUnits({ lines: [line(200, 150, 0), line(300, 100, 50)] })).toBe(200);
    expect(unshippedUnits({ lines: [line(10, 4, 6)] })).toBe(0);
  });

  it('says a card order was refunded whole or in part, and nothing when no refund was made', () => {
    expect(refundedText({ refunded: true, refundedTotal: 100, price: 100 })).toBe('Paid, refunded');
    expect(refundedText({ refunded: true, refundedTotal: 60, price: 100 })).toBe('Paid, partly refunded');
    // Refunded before credit notes were kept: the whole order.
    expect(refundedText({ refunded: true, refundedTotal: 0, price: 100 })).toBe('Paid, refunded');
    // On account, credits lower the invoice: no card refund.
    expect(refundedText({ refunded: false, refundedTotal: 35.7, price: 119 })).toBeNull();
  });
});
