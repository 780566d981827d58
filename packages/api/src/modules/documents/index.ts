// The documents module's public entry: the invoice and credit note PDFs and the orders CSV. It reads orders through
// the orders service's one visibility rule; the document numbers it prints are given by the orders module
// (orders/invoice-numbers.ts, orders/credit-note-numbers.ts), so orders never imports documents.
export { documentRoutes } from './routes.js';
export { createDocumentsService, type DocumentsService } from './service.js';
