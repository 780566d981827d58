// The invoice of one order as a PDF (B2B §6). It stays as issued once the order is credited (B2B §11): the same
// number, date and lines, but it names the credit note and no longer reads as settled.
import type { Order } from '@kestrel/shared';
import { day, printable, renderOrderDocument, type DocumentCompany } from './pdf-layout.js';
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

function status(order: Order): string {
  if (order.creditNoteNumber !== null) return 'CREDITED';
  return order.paid ? 'PAID' : 'UNPAID';
}

function closing(order: InvoiceDocument['order']): string {
  if (order.creditNoteNumber !== null) {
    return `Credited in full by credit note ${order.creditNoteNumber}: nothing is owed on this invoice${
      order.paid ? ', and the payment is returned' : ''
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
  if (order.creditNoteNumber !== null) facts.push(['Credit note', order.creditNoteNumber]);
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
