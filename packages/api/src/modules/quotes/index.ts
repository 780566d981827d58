// The quotes module's public entry: what app.ts may use.
export { QUOTE_EXPIRY_JOB, quoteExpiryJob } from './expiry-job.js';
export { quoteRoutes } from './routes.js';
export { createQuotesService, type QuotesDeps, type QuotesService } from './service.js';
