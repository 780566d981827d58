// The documents module's public entry: the invoice and credit note PDFs and the orders CSV. It reads orders through
// the orders service's one visibility rule; the document numbers it prints are given by billing inside the orders
// module's transactions (billing/invoice-numbers.ts, billing/credit-note-numbers.ts); documents writes none.
export { documentRoutes } from './routes.js';
export { createDocumentsService, type DocumentsService } from './service.js';
// The seller block the documents print: where returned goods are sent (B2B §14).
export { SELLER } from './seller.js';
