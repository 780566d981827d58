// The one ownership rule of orders (docs/architecture.md, "Conventions"): an order is its buyer's; to anyone else it
// does not exist (404, so ids do not leak). Admins may see every order where the caller says so.
import { notFound } from '../../infra/errors.js';
import type { AuthUser } from '../accounts/index.js';
import type { OrderRow } from './order-write-repository.js';

export function ownedBy(row: OrderRow | undefined, user: AuthUser, { adminsToo = false } = {}): OrderRow {
  if (!row || (row.user_id !== user.id && !(adminsToo && user.role === 'admin'))) throw notFound('Order');
  return row;
}
