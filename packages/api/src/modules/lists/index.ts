// The requisition lists module's public entry (B2B §16): what app.ts may use.
export { listRoutes } from './routes.js';
export { createListsService, type ListsService } from './service.js';
