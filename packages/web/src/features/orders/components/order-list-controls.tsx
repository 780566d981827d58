import { useState, type FormEvent } from 'react';
import { ORDER_SEARCH_SORTS } from '@kestrel/shared';
import { useQueryString } from '../../../lib/use-query-string';
import { ORDER_STATUSES, statusLabel } from './order-status';
import { readOrderView, orderViewQuery, SORT_LABELS, type OrderView } from '../order-view';
import { StepPager } from '../../../components/ui/step-pager';

/** The list's view from the URL, and a way to change it (each change is a history entry). */
export function useOrderView(): [OrderView, (change: Partial<OrderView>) => void] {
  const [query, setQuery] = useQueryString();
  const view = readOrderView(query);
  const change = (next: Partial<OrderView>) => {
    // A new search, filter or sort starts again at page 1.
    const merged = { ...view, page: 1, ...next };
    setQuery(new URLSearchParams(orderViewQuery(merged)));
  };
  return [view, change];
}

const fieldClass = 'h-9 w-full rounded-field border border-base-300 bg-base-100 px-2 text-sm';

function SearchForm({ q, hint, onSearch }: { q: string; hint: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className="flex min-w-0 grow basis-64 items-end gap-2" onSubmit={submit}>
      <div className="flex min-w-0 grow flex-col gap-1">
        <label htmlFor="order-search" className="text-sm font-medium">
          Search orders
        </label>
        <input
          id="order-search"
          name="q"
          type="search"
          className={fieldClass}
          placeholder={hint}
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-sm h-9">
        Search
      </button>
    </form>
  );
}

/** What the search box matches; the order desk also matches the start of the ordering company's name (issue 47). */
export const BUYER_SEARCH_HINT = 'Order number, PO, e-mail, SKU or name';
export const DESK_SEARCH_HINT = 'Order number, PO, e-mail, SKU, name or company';

/** Search box (number, PO, e-mail, SKU or a name's start), status filter and sort of an order list. */
export function OrderListControls({
  view,
  onChange,
  hint = BUYER_SEARCH_HINT,
}: {
  view: OrderView;
  onChange: (c: Partial<OrderView>) => void;
  hint?: string;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      {/* Keyed by the searched text: back and forward, which change the URL under the box, show what is searched. */}
      <SearchForm key={view.q} q={view.q} hint={hint} onSearch={(q) => onChange({ q })} />
      <div className="flex w-40 flex-col gap-1">
        <label htmlFor="order-status-filter" className="text-sm font-medium">
          Show orders
        </label>
        <select
          id="order-status-filter"
          className={fieldClass}
          value={view.status ?? ''}
          onChange={(event) => onChange({ status: ORDER_STATUSES.find((s) => s === event.target.value) ?? null })}
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex w-40 flex-col gap-1">
        <label htmlFor="order-sort" className="text-sm font-medium">
          Sort
        </label>
        <select
          id="order-sort"
          className={fieldClass}
          value={view.sort}
          onChange={(event) => onChange({ sort: ORDER_SEARCH_SORTS.find((s) => s === event.target.value) ?? 'newest' })}
        >
          {ORDER_SEARCH_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** "Orders 21-40 of 1,234" with previous and next. */
export function OrderPager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <StepPager
      label="Order pages"
      status={`Orders ${first}-${last} of ${total.toLocaleString('en-US')} (page ${page} of ${pages})`}
      previous={page > 1 ? () => onPage(page - 1) : null}
      next={page < pages ? () => onPage(page + 1) : null}
    />
  );
}
