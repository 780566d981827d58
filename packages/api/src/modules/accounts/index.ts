// The accounts module's public entry: what other modules, the seed and app.ts may use.
export { authPlugin, bearerToken, currentUser } from './auth-plugin.js';
export { demandPermission } from './permissions.js';
export { loadAuthSecret } from './auth-secret.js';
export { ACCOUNT_PRUNE_JOB, accountPruneJob } from './prune-job.js';
export { accountsRoutes } from './routes.js';
export { createAccountsService, DEFAULT_ADMIN_EMAIL, type AccountsService, type GeneratedAdmin } from './service.js';
export type { AuthUser } from './auth-user.js';
export type { SessionKind, SessionService } from './sessions.js';
// A user's row held until the transaction ends (PostgreSQL): requisition lists count a person's lists under it.
export { lockUserRow } from './users-repository.js';
export { createTwoFactorGate, type StaffTwoFactorMode } from './two-factor-gate.js';
