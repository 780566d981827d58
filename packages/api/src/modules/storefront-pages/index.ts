// The server-made pages' public entry (B2B §18): what app.ts registers.
export { notFoundPage, storefrontPageRoutes } from './routes.js';
