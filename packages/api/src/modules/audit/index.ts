// The audit trail's public entry (B2B §15): the context a route takes from its request, the one function that records
// an entry in the caller's transaction, the diff of a change, and the admin's read (app.ts).
export { auditContextOf, type AuditContext } from './context.js';
export { changedFields, pick } from './changes.js';
export { recordAudit, type AuditRecord } from './record.js';
export { auditRoutes } from './routes.js';
export { createAuditService, type AuditService } from './service.js';
export { insertEntries, type AuditRow } from './repository.js';
