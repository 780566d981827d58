// The punch-out module's public entry (B2B §17): what app.ts registers.
export { punchoutAdminRoutes } from './admin-routes.js';
export { createConnectionsService } from './connections.js';
export { createOrderRequests } from './order-request.js';
export { punchoutProtocolRoutes } from './protocol-routes.js';
export { createPunchoutService } from './service.js';
export { punchoutSessionRoutes } from './session-routes.js';
export { createVisitsService } from './visits.js';
