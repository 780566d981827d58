// The API keys module's public entry (B2B §9): the service, the key check every request passes, the admin routes.
export { KEY_CALLS } from './access.js';
export { apiKeyPlugin } from './api-key-plugin.js';
export { apiKeyRoutes } from './routes.js';
export { createApiKeysService, KEY_RECHECK_MS, type ApiKeyCaller, type ApiKeysService } from './service.js';
