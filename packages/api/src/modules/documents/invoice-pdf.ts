// The invoice of one order as a PDF (B2B §6). It stays as issued once the order is credited (B2B §11): the same
// number, date and lines, but it names the credit note and no longer reads as settled.
import type { Order } from '@kestrel/shared';
import { centsToDollars, dollarsToCents } from '../../infra/money.js';
import { day, printable, renderOrderDocument, usd, type DocumentCompany } from './pdf-layout.js';
import { invoiceTaxSummary } from './tax-lines.js';

/** What an invoice shows besides its order: the buyer's company when the order has one, and when it was issued. */
export interface InvoiceDocument {
  order: Order & { invoiceNumber: string };
  /** ISO instant the invoice number was given (the order's confirmation). */
  issuedAt: string;
  company: DocumentCompany | null;
  /** SHOP_TAX_ID (B2B §13); undefined: the seller block's own. */
  sellerTaxId?: string | null;
}

/** B2B §14: credited in full once the credit notes reach the total (a whole cancel's one note, or the last part). */
const creditedInFull = (order: Order) => order.creditNoteNumber !== null && order.refundedTotal >= order.price;

/** The order's credit note numbers (§14: several; §11's one before then). */
function noteNumbers(order: Order): string {
  return order.creditNotes.length > 0
    ? order.creditNotes.map((n) => n.number).join(', ')
    : (order.creditNoteNumber ?? '');
}

function status(order: Order): string {
  if (creditedInFull(order)) return 'CREDITED';
  if (order.creditNotes.length > 0) return order.paid ? 'PAID, PARTLY CREDITED' : 'UNPAID, PARTLY CREDITED';
  return order.paid ? 'PAID' : 'UNPAID';
}

function closing(order: InvoiceDocument['order']): string {
  const notes = order.creditNotes.length > 1 ? 'credit notes' : 'credit note';
  if (creditedInFull(order)) {
    return `Credited in full by ${notes} ${noteNumbers(order)}: nothing is owed on this invoice${
      order.paid ? ', and the payment is returned' : ''
    }.`;
  }
  if (order.creditNotes.length > 0) {
    const credited = `Credited ${usd(order.refundedTotal)} by ${notes} ${noteNumbers(order)}.`;
    if (order.paid) return `${credited} Paid in full; the credited amount is returned.`;
    // What the open balance counts for this invoice (billing: the total less its credit notes).
    const due = centsToDollars(dollarsToCents(order.price) - dollarsToCents(order.refundedTotal));
    return `${credited} Still due: ${usd(due)}${order.dueDate ? `, by ${day(order.dueDate)}` : ''}. Please quote ${
      order.invoiceNumber
    }.`;
  }
  if (order.paid) return 'Paid in full. Thank you for your order.';
  return `Payment on account${order.dueDate ? `, due by ${day(order.dueDate)}` : ''}. Please quote ${order.invoiceNumber}.`;
}

export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const { order } = invoice;
  const tax = invoiceTaxSummary(order, invoice.sellerTaxId ?? null, invoice.company);
  const facts: Array<[string, string]> = [
    ['Invoice', order.invoiceNumber],
    ['Invoice date', day(invoice.issuedAt)],
    ['Order', order.number],
    ['PO number', printable(order.poNumber ?? '-')],
    ['Payment', order.paymentTerms === 'account' ? 'On account' : 'Card'],
  ];
  if (order.dueDate) facts.push(['Due date', day(order.dueDate)]);
  facts.push(['Status', status(order)]);
  if (order.creditNoteNumber !== null) {
    facts.push([order.creditNotes.length > 1 ? 'Credit notes' : 'Credit note', noteNumbers(order)]);
  }
  return renderOrderDocument({
    kind: 'INVOICE',
    number: order.invoiceNumber,
    facts,
    order,
    company: invoice.company,
    sellerTaxId: invoice.sellerTaxId,
    totals: tax.rows,
    closing: [...tax.notes, closing(order)],
  });
}
