// The admin stats module's public entry (B2B §8).
export { statsRoutes } from './routes.js';
export { createStatsService, type StatsService } from './service.js';
