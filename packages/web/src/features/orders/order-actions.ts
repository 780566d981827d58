// Which lifecycle steps each screen offers for an order (B2B §4). The server decides and refuses the rest with 409;
// these rules only keep buttons off screen that would be refused anyway.
import {
  ADMIN_CANCELLABLE_STATUSES,
  DELETABLE_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  PAYABLE_ON_ACCOUNT_STATUSES,
  SHIPPABLE_ORDER_STATUSES,
  type Order,
  type Permission,
} from '@kestrel/shared';

type OrderState = Pick<Order, 'status' | 'paid' | 'paymentTerms'> & Partial<Pick<Order, 'shipments'>>;

/**
 * §4's deliver: a shipped order, or (B2B §14) a partly shipped one with a shipment not yet delivered (the server
 * answers 409 for one whose shipments all arrived).
 */
const deliverable = (order: OrderState) =>
  order.status === 'shipped' ||
  (order.status === 'partially_shipped' && (order.shipments ?? []).some((s) => s.deliveredAt === null));

// The status lists are the server's own (@kestrel/shared ordering-rules.ts), so no button offers a refused step.

export interface BuyerActions {
  pay: boolean;
  cancel: boolean;
  deliver: boolean;
  delete: boolean;
}

/** `mayAct` false: a company viewer (lib/company-role.ts), whom the server refuses every step, is offered none. */
export function buyerActions(order: OrderState, mayAct = true): BuyerActions {
  if (!mayAct) return { pay: false, cancel: false, deliver: false, delete: false };
  return {
    pay: order.status === 'pending' && !order.paid,
    cancel: OPEN_ORDER_STATUSES.includes(order.status),
    deliver: deliverable(order),
    delete: !order.paid && DELETABLE_ORDER_STATUSES.includes(order.status),
  };
}

export interface AdminActions {
  ship: boolean;
  /** For a buyer who does not confirm delivery themselves (docs/product.md §20). */
  deliver: boolean;
  cancel: boolean;
  markPaid: boolean;
}

/** `permissions`: the member of staff's (B2B §15); shipping and delivering need orders.ship, money finance.manage. */
export function adminActions(order: OrderState, permissions?: readonly Permission[]): AdminActions {
  const may = (permission: Permission) => permissions === undefined || permissions.includes(permission);
  return {
    // B2B §14: a partly shipped order ships its remaining units too.
    ship: SHIPPABLE_ORDER_STATUSES.includes(order.status) && may('orders.ship'),
    deliver: deliverable(order) && may('orders.ship'),
    // An admin may also cancel a confirmed order; a card payment is then refunded (cancelRefunds).
    cancel: ADMIN_CANCELLABLE_STATUSES.includes(order.status) && may('finance.manage'),
    markPaid:
      order.paymentTerms === 'account' &&
      !order.paid &&
      PAYABLE_ON_ACCOUNT_STATUSES.includes(order.status) &&
      may('finance.manage'),
  };
}

/** Units neither shipped nor cancelled: what the cancel of a partly shipped order cancels (B2B §14). */
export function unshippedUnits(order: Pick<Order, 'lines'>): number {
  return order.lines.reduce((sum, l) => sum + l.quantity - (l.shippedQuantity ?? 0) - (l.cancelledQuantity ?? 0), 0);
}

/**
 * How much of a paid card order came back: 'all' (§4's cancel refunds it whole), 'part' (B2B §14: a partial cancel's
 * or a return's credit notes were refunded), or null.
 */
export function refundState(order: Pick<Order, 'refunded' | 'refundedTotal' | 'price'>): 'all' | 'part' | null {
  if (!order.refunded) return null;
  return order.refundedTotal > 0 && order.refundedTotal < order.price ? 'part' : 'all';
}

/** The payment line of a refunded card order, the same on every screen; null when nothing was refunded. */
export function refundedText(order: Pick<Order, 'refunded' | 'refundedTotal' | 'price'>): string | null {
  const refund = refundState(order);
  if (!refund) return null;
  return refund === 'part' ? 'Paid, partly refunded' : 'Paid, refunded';
}

/** Cancelling this order gives money back through the payment provider. */
export function cancelRefunds(order: Pick<Order, 'paid' | 'paymentTerms'>): boolean {
  return order.paid && order.paymentTerms === 'card';
}
