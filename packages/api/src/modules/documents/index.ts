// The documents module's public entry: invoice numbers (called by the orders module as an order is paid), the
// invoice PDF and the orders CSV.
export { assignInvoiceNumber } from './invoice-numbers.js';
export { documentRoutes } from './routes.js';
export { createDocumentsService, type DocumentsService } from './service.js';
