// The lifecycle's messages to the buyer (B2B §6): one per event and order, so a retried transition never queues
// a second one (the outbox's dedupe key).
import type { OutgoingMail } from '../mail/index.js';
import type { OrderRow } from './repository.js';

export function paidMail(order: OrderRow, paidBy: 'card' | 'account', reference: string | null): OutgoingMail {
  return {
    to: order.email,
    dedupeKey: `order-paid:${order.id}`,
    content: {
      kind: 'order-paid',
      data: {
        orderId: order.id,
        orderNumber: order.number,
        buyerName: order.user_name,
        poNumber: order.po_number,
        totalCents: Number(order.total_cents),
        paidBy,
        reference,
      },
    },
  };
}

/** One shipment of an order (B2B §14): what it carries, and how many units are still to come. */
export interface ShipmentMailFacts {
  seq: number;
  number: string;
  carrier: string;
  trackingNumber: string;
  lines: Array<{ sku: string; name: string; quantity: number }>;
  unitsLeft: number;
}

/** One message per shipment: the first keeps the key the single shipment of §4 always had. */
export function shipmentMail(order: OrderRow, shipment: ShipmentMailFacts): OutgoingMail {
  return {
    to: order.email,
    dedupeKey: shipment.seq === 1 ? `order-shipped:${order.id}` : `order-shipment-${shipment.seq}:${order.id}`,
    content: {
      kind: 'order-shipped',
      data: {
        orderId: order.id,
        orderNumber: order.number,
        buyerName: order.user_name,
        poNumber: order.po_number,
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        shipmentNumber: shipment.number,
        lines: shipment.lines,
        unitsLeft: shipment.unitsLeft,
      },
    },
  };
}

/** Cancelled (with the refund, when a card payment was refunded, and the credit note of an invoiced order) or expired. */
export function endedMail(
  order: OrderRow,
  why: 'cancelled' | 'expired',
  reason: string | null,
  refundedCents: number | null,
  creditNoteNumber: string | null = null,
): OutgoingMail {
  return {
    to: order.email,
    dedupeKey: `order-${why}:${order.id}`,
    content: {
      kind: 'order-cancelled',
      data: {
        orderId: order.id,
        orderNumber: order.number,
        buyerName: order.user_name,
        poNumber: order.po_number,
        why,
        reason,
        refundedCents,
        invoiceNumber: order.invoice_number,
        creditNoteNumber,
      },
    },
  };
}

/** B2B §14: the unshipped units of a partly shipped order cancelled, and the credit note for them; once per order. */
export function restCancelledMail(
  order: OrderRow,
  facts: {
    reason: string | null;
    lines: Array<{ sku: string; name: string; quantity: number }>;
    credit: { creditNoteNumber: string; total: number; settlement: 'card' | 'invoice' | 'balance' } | null;
  },
): OutgoingMail {
  return {
    to: order.email,
    dedupeKey: `order-rest-cancelled:${order.id}`,
    content: {
      kind: 'order-rest-cancelled',
      data: {
        orderId: order.id,
        orderNumber: order.number,
        buyerName: order.user_name,
        poNumber: order.po_number,
        reason: facts.reason,
        lines: facts.lines,
        creditNoteNumber: facts.credit?.creditNoteNumber ?? null,
        creditedCents: facts.credit?.total ?? null,
        settlement: facts.credit?.settlement ?? null,
      },
    },
  };
}

export function deliveredMail(order: OrderRow): OutgoingMail {
  return {
    to: order.email,
    dedupeKey: `order-delivered:${order.id}`,
    content: {
      kind: 'order-delivered',
      data: {
        orderId: order.id,
        orderNumber: order.number,
        buyerName: order.user_name,
        poNumber: order.po_number,
        carrier: order.carrier,
        trackingNumber: order.tracking_number,
        invoiceNumber: order.invoice_number,
      },
    },
  };
}
