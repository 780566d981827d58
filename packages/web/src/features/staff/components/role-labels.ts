// How the Staff page names each role and says what it may do (B2B §15's table in words).
import type { StaffRole } from '@kestrel/shared';

export const ROLE_LABELS: Record<StaffRole, string> = {
  administrator: 'Administrator',
  sales: 'Sales',
  warehouse: 'Warehouse',
  finance: 'Finance',
  catalog: 'Catalog',
};

export const ROLE_DUTIES: Record<StaffRole, string> = {
  administrator: 'everything, including users, staff roles, API keys and webhooks',
  sales: 'orders, quotes and contract prices, companies and the store figures',
  warehouse: 'orders: shipping and deliveries',
  finance: 'orders, cancellations and refunds, payments, terms and credit limits, companies and the store figures',
  catalog: 'products, stock, images and the catalogue CSV',
};
