// The cart module's public entry: what app.ts and other modules may use.
export { judgeSkuLines, type JudgedSkuLines } from './judge-lines.js';
export type { LinePricer, PricedLines } from './price-lines.js';
export { cartRoutes } from './routes.js';
export { createCartService, type CartService } from './service.js';
