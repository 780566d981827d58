// The view of an order list, kept in the URL (?q=&status=&sort=&page=) so a reload, a shared link, back and forward
// all show the same page. Only values the search accepts are read; anything else falls back to the default.
import { ORDER_SEARCH_SORTS, ORDER_STATUSES, type Order, type OrderSearchSort } from '@kestrel/shared';

export interface OrderView {
  q: string;
  status: Order['status'] | null;
  sort: OrderSearchSort;
  page: number;
}

export const ORDER_LIST_PAGE_SIZE = 20;

export function readOrderView(params: URLSearchParams): OrderView {
  const status = ORDER_STATUSES.find((s) => s === params.get('status')) ?? null;
  const sort = ORDER_SEARCH_SORTS.find((s) => s === params.get('sort')) ?? 'newest';
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    status,
    sort,
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

/** The view as a query string, defaults left out (the same view always makes the same string). */
export function orderViewQuery(view: OrderView): string {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.status) params.set('status', view.status);
  if (view.sort !== 'newest') params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  return params.toString();
}

/** What the search call is asked: the view plus the page size. */
export function orderSearchString(view: OrderView): string {
  const query = orderViewQuery(view);
  return `${query ? `${query}&` : ''}pageSize=${ORDER_LIST_PAGE_SIZE}`;
}

export const SORT_LABELS: Record<OrderSearchSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'total-desc': 'Highest total',
  'total-asc': 'Lowest total',
};
