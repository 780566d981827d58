// Every call of the accounts module, registered under /api by app.ts.
import type { FastifyPluginAsync } from 'fastify';
import { authRoutes, type AuthRoutesOptions } from './auth-routes.js';
import { oidcRoutes } from './google/oidc-routes.js';
import { passwordRoutes } from './password-routes.js';
import { sessionRoutes } from './session-routes.js';
import { staffRoutes } from './staff-routes.js';
import { staffTwoFactorRoutes } from './staff-two-factor-routes.js';
import { twoFactorRoutes } from './two-factor-routes.js';
import { userRoutes } from './user-routes.js';
import { verificationRoutes } from './verification-routes.js';

export const accountsRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  await app.register(authRoutes, options);
  await app.register(passwordRoutes, options);
  await app.register(sessionRoutes, options);
  await app.register(verificationRoutes, options);
  await app.register(userRoutes, options);
  await app.register(staffRoutes, options);
  await app.register(oidcRoutes, options);
  await app.register(twoFactorRoutes, options);
  await app.register(staffTwoFactorRoutes, options);
};
