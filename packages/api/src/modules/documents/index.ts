// The documents module's public entry: invoice and credit note numbers (called by the orders module as an order is
// paid, cancelled or refunded), the invoice and credit note PDFs and the orders CSV.
export { assignCreditNoteNumber } from './credit-note-numbers.js';
export { assignInvoiceNumber } from './invoice-numbers.js';
export { documentRoutes } from './routes.js';
export { createDocumentsService, type DocumentsService } from './service.js';
