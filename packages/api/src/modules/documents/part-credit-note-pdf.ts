// A credit note for part of an order as a PDF (B2B §14): a received return's units, or a partly shipped order's
// cancelled rest. It lists only the lines it credits, and its amounts are the note's own as billing computed them
// (billing/refunds.ts), so the PDF and the refund can never disagree by a cent.
import type { Order } from '@kestrel/shared';
import { centsToDollars } from '../../infra/money.js';
import type { CreditNoteLine } from '../billing/index.js';
import { day, printable, renderOrderDocument, type DocumentCompany } from './pdf-layout.js';
import { taxLabel, taxNotesOf } from './tax-lines.js';

export interface PartCreditNote {
  number: string;
  reason: 'cancellation' | 'return';
  lines: CreditNoteLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  settlement: 'card' | 'invoice' | 'balance';
  refunded: boolean;
  issuedAt: string;
}

export interface PartCreditNoteDocument {
  order: Order & { invoiceNumber: string };
  note: PartCreditNote;
  company: DocumentCompany | null;
  sellerTaxId?: string | null;
}

function settledSentence(note: PartCreditNote): string {
  if (note.settlement === 'card') {
    return note.refunded
      ? 'This amount has been refunded to the card the invoice was paid with.'
      : 'This amount will be refunded to the card the invoice was paid with.';
  }
  if (note.settlement === 'invoice') return 'This amount is taken off what is owed on the invoice.';
  return "This amount is credited to the company's account.";
}

export function renderPartCreditNotePdf(document: PartCreditNoteDocument): Promise<Buffer> {
  const { order, note } = document;
  const facts: Array<[string, string]> = [
    ['Credit note', note.number],
    ['Date', day(note.issuedAt)],
    ['Credits invoice', order.invoiceNumber],
    ['Order', order.number],
    ['PO number', printable(order.poNumber ?? '-')],
    ['Reason', note.reason === 'return' ? 'Goods returned' : 'Unshipped units cancelled'],
  ];
  // The order's lines table prints the credited units only, at the unit price the order charged.
  const lines = note.lines.map((l) => {
    const ordered = order.lines.find((o) => o.productId === l.productId && o.sku === l.sku);
    return {
      productId: l.productId,
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      unitPrice: centsToDollars(l.unitPriceCents),
      lineTotal: centsToDollars(l.unitPriceCents * l.quantity),
      shippedQuantity: ordered?.shippedQuantity ?? 0,
      cancelledQuantity: ordered?.cancelledQuantity ?? 0,
      returnedQuantity: ordered?.returnedQuantity ?? 0,
    };
  });
  return renderOrderDocument({
    kind: 'CREDIT NOTE',
    number: note.number,
    facts,
    order: { ...order, lines },
    company: document.company,
    sellerTaxId: document.sellerTaxId,
    totals: [
      ['Subtotal credited', centsToDollars(note.subtotalCents)],
      [`${taxLabel(order)} credited`, centsToDollars(note.taxCents)],
      ['Total credited', centsToDollars(note.totalCents)],
    ],
    closing: [
      ...taxNotesOf(order, document.sellerTaxId ?? null, document.company),
      `This credit note credits part of invoice ${order.invoiceNumber}.`,
      settledSentence(note),
    ],
  });
}
