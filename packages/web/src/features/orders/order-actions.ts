// Which lifecycle steps each screen offers for an order (B2B §4). The server decides and refuses the rest with 409;
// these rules only keep buttons off screen that would be refused anyway.
import type { Order } from '@kestrel/shared';

type Status = Order['status'];
type OrderState = Pick<Order, 'status' | 'paid' | 'paymentTerms'>;

/** Orders that still hold stock for a buyer who has not paid or been approved: the only ones a buyer may cancel. */
const HELD: readonly Status[] = ['pending', 'awaiting_approval'];
/**
 * On-account orders whose money may arrive: net terms mean the transfer usually comes after the goods left, so a
 * shipped or delivered order can still be marked paid (the server allows the same three).
 */
const ON_ACCOUNT_PAYABLE: readonly Status[] = ['confirmed', 'shipped', 'delivered'];
/** Unpaid orders that never left the shop: deleting one loses nothing (SPEC's Delete on My Order). */
const DELETABLE: readonly Status[] = ['pending', 'awaiting_approval', 'cancelled', 'expired', 'rejected'];

export interface BuyerActions {
  pay: boolean;
  cancel: boolean;
  deliver: boolean;
  delete: boolean;
}

export function buyerActions(order: OrderState): BuyerActions {
  return {
    pay: order.status === 'pending' && !order.paid,
    cancel: HELD.includes(order.status),
    deliver: order.status === 'shipped',
    delete: !order.paid && DELETABLE.includes(order.status),
  };
}

export interface AdminActions {
  ship: boolean;
  cancel: boolean;
  markPaid: boolean;
}

export function adminActions(order: OrderState): AdminActions {
  return {
    ship: order.status === 'confirmed',
    // An admin may also cancel a confirmed order; a card payment is then refunded (cancelRefunds).
    cancel: HELD.includes(order.status) || order.status === 'confirmed',
    markPaid: order.paymentTerms === 'account' && !order.paid && ON_ACCOUNT_PAYABLE.includes(order.status),
  };
}

/** Cancelling this order gives money back through the payment provider. */
export function cancelRefunds(order: Pick<Order, 'paid' | 'paymentTerms'>): boolean {
  return order.paid && order.paymentTerms === 'card';
}
