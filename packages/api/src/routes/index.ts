// Every call of SPEC.md §7 and PRODUCT.md, registered under /api by app.ts.
import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/index.js';
import { healthRoutes } from './health/index.js';
import { orderRoutes } from './orders/index.js';
import { productRoutes } from './products/index.js';
import { profileRoutes } from './profile/index.js';
import { reviewRoutes } from './reviews/index.js';
import { userRoutes } from './users/index.js';

export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(productRoutes);
  await app.register(reviewRoutes);
  await app.register(orderRoutes);
  await app.register(userRoutes);
  await app.register(profileRoutes);
};
