// The integration poll (B2B §9, docs/product.md "Polling for changed orders"): `GET /api/order?updatedSince=` answers
// the orders changed after a time, oldest change first, so the manufacturer's systems read on from where they stopped.
//
// Two rules make "from where it stopped" lose nothing:
// - A page never ends inside one instant: when the order after a full page has the same updatedAt as the page's last,
//   the orders of that instant are left for the next page, so passing the last updatedAt seen as `updatedSince`
//   reads them all. Only when a whole page shares one instant is it cut at the limit; the next call then passes the
//   last order's _id as `after` as well ((updatedAt, _id) after (updatedSince, after)).
// - Changes of the last POLL_SETTLE_MS are not answered yet. Each change is stamped by the instance that makes it,
//   just before its transaction commits; one that commits a moment after a later-stamped one (a lock wait, a second
//   instance's clock a little behind) would otherwise fall behind a cursor that already passed its time.
import { ORDER_POLL_DEFAULT_LIMIT, type OrderStatus } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import * as repo from './repository.js';

/** How old a change must be before the poll answers it. */
export const POLL_SETTLE_MS = 1_000;

export interface PollQuery {
  updatedSince: string;
  after?: string | undefined;
  status?: OrderStatus | undefined;
  limit?: number | undefined;
}

export async function changedOrders(db: Db, query: PollQuery, now: number): Promise<repo.OrderRow[]> {
  const limit = query.limit ?? ORDER_POLL_DEFAULT_LIMIT;
  const rows = await repo.ordersChangedSince(db, {
    since: query.updatedSince,
    after: query.after ?? null,
    until: new Date(now - POLL_SETTLE_MS).toISOString(),
    status: query.status ?? null,
    // One more than the page, to see whether the page's last instant goes on past it.
    limit: limit + 1,
  });
  const next = rows[limit];
  if (!next) return rows;
  const page = rows.slice(0, limit);
  const whole = page.filter((row) => row.updated_at !== next.updated_at);
  return whole.length > 0 ? whole : page;
}
