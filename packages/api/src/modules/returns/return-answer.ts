// A return row and its lines as every call answers them (B2B §14's shape), and the data its mail and events carry.
import type { Return } from '@kestrel/shared';
import { centsToDollars } from '../../infra/money.js';
import type { ReturnLineRow, ReturnRow } from './repository.js';

export function toReturn(row: ReturnRow, lines: ReturnLineRow[]): Return {
  return {
    _id: row.id,
    number: row.number,
    orderId: row.order_id,
    orderNumber: row.order_number,
    status: row.status,
    lines: lines.map((l) => ({
      productId: l.product_id,
      sku: l.sku,
      name: l.name,
      quantity: Number(l.quantity),
      reason: l.reason,
      receivedQuantity: Number(l.received_quantity),
      restockedQuantity: Number(l.restocked_quantity),
    })),
    note: row.note,
    refundTotal: centsToDollars(Number(row.refund_total_cents)),
    creditNoteNumber: row.credit_note_number,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function formatReturnNumber(year: number, sequence: number): string {
  return `RMA-${year}-${String(sequence).padStart(6, '0')}`;
}
