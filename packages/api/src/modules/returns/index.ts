// The returns module's public entry (B2B §14): the service factory, its port to billing, the routes.
export { createReturnsService, type ReturnsDeps, type ReturnsService } from './service.js';
export type { CreditLines, ReturnCredit } from './credit-port.js';
export { returnRoutes } from './routes.js';
