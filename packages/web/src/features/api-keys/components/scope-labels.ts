import type { ApiKeyScope } from '@kestrel/shared';

/** What each scope lets a system do, as the administrator chooses it (docs/product.md, "API keys"). */
export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'orders:read': 'read every order, its invoice and the orders CSV',
  'orders:write': 'ship, deliver, mark paid and cancel orders',
  'catalog:write': 'add, edit and delete products, import the catalogue CSV',
};
