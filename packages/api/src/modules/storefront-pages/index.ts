// The server-made pages' public entry (B2B §18): what app.ts registers.
export { notFoundPage, storefrontPageRoutes } from './routes.js';
// HTML escaping, for the other pages the server makes (punch-out's transfer page, B2B §17).
export { escapeHtml } from './html.js';
