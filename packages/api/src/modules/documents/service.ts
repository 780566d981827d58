// Order documents (B2B §6, §11): who may have an order's invoice or credit note and which orders a caller's CSV export holds.
import { can, type Order, type OrdersCsvQuery } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { AppError, notFound } from '../../infra/errors.js';
import { creditNoteOf, type CreditNoteLine } from '../billing/index.js';
import { findMembership } from '../companies/index.js';
import type { AuthUser } from '../accounts/index.js';
import type { OrdersService } from '../orders/index.js';
import { renderCreditNotePdf } from './credit-note-pdf.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { renderPartCreditNotePdf } from './part-credit-note-pdf.js';
import { csvFilter, exportOrdersCsv } from './orders-csv.js';
import type { DocumentCompany } from './pdf-layout.js';
import { companyForDocuments, creditNoteIssuedAt } from './repository.js';
import { SELLER } from './seller.js';

/** An order document as a file: the invoice or the credit note. */
export interface InvoiceFile {
  fileName: string;
  pdf: Buffer;
}

export interface DocumentsService {
  /** The invoice of an order the caller may see (else 404); 409 while the order has no invoice number. */
  invoicePdf(user: AuthUser, orderId: string): Promise<InvoiceFile>;
  /** The credit note of an order the caller may see (who may read the invoice); 409 while it has none. */
  creditNotePdf(user: AuthUser, orderId: string): Promise<InvoiceFile>;
  /**
   * B2B §14: any one of the order's credit notes by number (who may read the invoice); 404 for a number not of that
   * order.
   */
  creditNoteByNumberPdf(user: AuthUser, orderId: string, number: string): Promise<InvoiceFile>;
  /** The orders CSV: admins get every order, others their own and, for company members, the company's. */
  ordersCsv(user: AuthUser, query: OrdersCsvQuery): AsyncGenerator<string>;
}

export interface DocumentsDeps {
  db: Db;
  orders: Pick<OrdersService, 'getVisibleOrder'>;
  /** SHOP_TAX_ID, printed as the seller's tax id (B2B §13); undefined: the seller block's own. */
  sellerTaxId?: string | undefined;
  /** SHOP_COUNTRY: orders.csv's `country` of an untaxed order without a ship-to. */
  shopCountry?: string | undefined;
}

/** When the invoice was issued: the number is given as the order is confirmed (paid, or accepted on account). */
function issuedAt(order: Order): string {
  return order.statusHistory.find((step) => step.status === 'confirmed')?.at ?? order.createdAt;
}

export function createDocumentsService({ db, orders, sellerTaxId, shopCountry }: DocumentsDeps): DocumentsService {
  // The seller's tax id on every document: SHOP_TAX_ID, else the seller block's own.
  const sellerTax = sellerTaxId ?? SELLER.taxId;
  /** The company billed on the order's documents: read as it is now (its name, tax id and billing address). */
  async function companyOf(order: Order): Promise<DocumentCompany | null> {
    if (order.companyId === null) return null;
    const row = await companyForDocuments(db, order.companyId);
    return row ? { name: row.name, taxId: row.tax_id, billingAddress: row.billing_address } : null;
  }

  return {
    async invoicePdf(user, orderId) {
      // The orders module's one ownership rule: the buyer, a member of its company or an admin; to anyone else the
      // order does not exist.
      const order = await orders.getVisibleOrder(user, orderId);
      const { invoiceNumber } = order;
      if (invoiceNumber === null) {
        throw new AppError(
          409,
          'no_invoice',
          'This order has no invoice yet: an invoice is issued once the order is paid or confirmed on account',
        );
      }
      const pdf = await renderInvoicePdf({
        order: { ...order, invoiceNumber },
        issuedAt: issuedAt(order),
        company: await companyOf(order),
        sellerTaxId: sellerTax,
      });
      return { fileName: `${invoiceNumber}.pdf`, pdf };
    },

    async creditNotePdf(user, orderId) {
      const order = await orders.getVisibleOrder(user, orderId);
      const { invoiceNumber, creditNoteNumber } = order;
      if (invoiceNumber === null || creditNoteNumber === null) {
        throw new AppError(
          409,
          'no_credit_note',
          'This order has no credit note: one is issued when an invoiced order is cancelled or refunded',
        );
      }
      const pdf = await renderCreditNotePdf({
        order: { ...order, invoiceNumber, creditNoteNumber },
        issuedAt: (await creditNoteIssuedAt(db, orderId)) ?? order.createdAt,
        company: await companyOf(order),
        sellerTaxId: sellerTax,
      });
      return { fileName: `${creditNoteNumber}.pdf`, pdf };
    },

    async creditNoteByNumberPdf(user, orderId, number) {
      const order = await orders.getVisibleOrder(user, orderId);
      const note = await creditNoteOf(db, orderId, number);
      if (!note || order.invoiceNumber === null) throw notFound('Credit note');
      const invoiceNumber = order.invoiceNumber;
      const company = await companyOf(order);
      // A whole-order note (one written before B2B §14, or a whole cancel) prints as §11's; a part prints its lines.
      const pdf =
        note.lines === null
          ? await renderCreditNotePdf({
              order: { ...order, invoiceNumber, creditNoteNumber: note.number },
              issuedAt: note.created_at,
              company,
              sellerTaxId: sellerTax,
            })
          : await renderPartCreditNotePdf({
              order: { ...order, invoiceNumber },
              note: {
                number: note.number,
                reason: note.reason,
                lines: JSON.parse(note.lines) as CreditNoteLine[],
                subtotalCents: Number(note.subtotal_cents),
                taxCents: Number(note.tax_cents),
                totalCents: Number(note.total_cents),
                settlement: note.settlement,
                refunded: note.refunded_at !== null,
                issuedAt: note.created_at,
              },
              company,
              sellerTaxId: sellerTax,
            });
      return { fileName: `${note.number}.pdf`, pdf };
    },

    async *ordersCsv(user, query) {
      // Every order's for staff who read every order; a member of staff without it gets their own, as a customer.
      if (can(user, 'orders.read')) return yield* exportOrdersCsv(db, csvFilter(query, null, null), shopCountry);
      const membership = await findMembership(db, user.id);
      return yield* exportOrdersCsv(db, csvFilter(query, user.id, membership?.companyId ?? null), shopCountry);
    },
  };
}
