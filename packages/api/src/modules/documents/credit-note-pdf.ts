// The credit note of a cancelled or refunded invoiced order as a PDF (B2B §11): it names the invoice it credits and
// credits every line of it, the whole amount.
import type { Order } from '@kestrel/shared';
import { day, printable, renderOrderDocument, type DocumentCompany } from './pdf-layout.js';
import { creditNoteTaxSummary } from './tax-lines.js';

export interface CreditNoteDocument {
  order: Order & { invoiceNumber: string; creditNoteNumber: string };
  /** ISO instant the credit note was issued (the cancel, or the refund's record). */
  issuedAt: string;
  company: DocumentCompany | null;
  /** SHOP_TAX_ID (B2B §13); undefined: the seller block's own. */
  sellerTaxId?: string | null;
}

export function renderCreditNotePdf(note: CreditNoteDocument): Promise<Buffer> {
  const { order } = note;
  const tax = creditNoteTaxSummary(order, note.sellerTaxId ?? null, note.company);
  const facts: Array<[string, string]> = [
    ['Credit note', order.creditNoteNumber],
    ['Date', day(note.issuedAt)],
    ['Credits invoice', order.invoiceNumber],
    // B2B §11: the order's number is on every document (the internal id means nothing to the buyer's ledger).
    ['Order', order.number],
    ['PO number', printable(order.poNumber ?? '-')],
  ];
  // An on-account invoice's due date, so the buyer's ledger can match what this note releases.
  if (order.paymentTerms === 'account' && order.dueDate) facts.push(['Invoice due date', day(order.dueDate)]);
  const settled = order.refunded
    ? 'The payment of this invoice has been refunded to the card it was paid with.'
    : order.paid
      ? 'The payment of this invoice will be returned.'
      : 'Nothing is owed on this invoice.';
  return renderOrderDocument({
    kind: 'CREDIT NOTE',
    number: order.creditNoteNumber,
    facts,
    order,
    company: note.company,
    sellerTaxId: note.sellerTaxId,
    totals: tax.rows,
    closing: [...tax.notes, `This credit note cancels invoice ${order.invoiceNumber} in full.`, settled],
  });
}
