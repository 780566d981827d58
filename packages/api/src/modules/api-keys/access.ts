// Which calls a key may make (B2B §9, docs/product.md "API keys"): the one table of it. A call not named here answers
// 403 to every key, whatever its scopes: users, roles, keys, webhooks, the caller's own profile, cart and orders, and
// any call added later until it is named here on purpose. Calls are named as Fastify names the route (method and
// path pattern with the /api prefix), so a route that moves falls out of a key's reach rather than into it.
import type { ApiKeyScope } from '@kestrel/shared';

const ROUTE_SCOPES: Readonly<Record<string, ApiKeyScope>> = {
  'GET /api/order': 'orders:read',
  'GET /api/orders/:id': 'orders:read',
  'GET /api/orders/:id/invoice.pdf': 'orders:read',
  'GET /api/orders.csv': 'orders:read',
  'POST /api/orders/:id/ship': 'orders:write',
  'POST /api/orders/:id/deliver': 'orders:write',
  'POST /api/orders/:id/mark-paid': 'orders:write',
  'POST /api/orders/:id/cancel': 'orders:write',
  // B2B §14: shipments and their delivery.
  'POST /api/orders/:id/shipments': 'orders:write',
  'POST /api/orders/:id/shipments/:shipmentId/deliver': 'orders:write',
  // B2B §14: returns read as orders are; their transitions are orders:write's.
  'GET /api/returns': 'orders:read',
  'GET /api/returns/:id': 'orders:read',
  'POST /api/returns/:id/authorize': 'orders:write',
  'POST /api/returns/:id/reject': 'orders:write',
  'POST /api/returns/:id/receive': 'orders:write',
  'POST /api/service': 'catalog:write',
  'PATCH /api/service/:id': 'catalog:write',
  'DELETE /api/service/:id': 'catalog:write',
  'POST /api/admin/products.csv': 'catalog:write',
};

/** The scope a call needs, or undefined when no key may make it. `route` is the matched pattern (none: no route). */
export function scopeForCall(method: string, route: string | undefined): ApiKeyScope | undefined {
  return route === undefined ? undefined : ROUTE_SCOPES[`${method} ${route}`];
}

/** Every call a key may make, for the tests that walk the table. */
export const KEY_CALLS: ReadonlyArray<readonly [string, ApiKeyScope]> = Object.entries(ROUTE_SCOPES);
