// The profiles module's public entry: what app.ts may use.
export { profileRoutes } from './routes.js';
export { createProfilesService, type ProfilesService } from './service.js';
