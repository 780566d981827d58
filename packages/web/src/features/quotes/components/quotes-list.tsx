// The list of quotes (B2B §10), the buyer's My Quotes and the admin's queue alike: number, status, lines, when asked,
// how long the offer holds; filtered by status and paged, both kept in the URL (?status=&page=) so back, forward and
// links keep the view.
import { Link } from 'react-router';
import { ListState } from '../../../components/ui/page-title';
import { StepPager } from '../../../components/ui/step-pager';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatCount } from '../../../lib/count';
import { formatTime } from '../../../lib/date-time';
import { useQueryString } from '../../../lib/use-query-string';
import { QUOTES_PAGE_SIZE, useQuotes, type QuotesView } from '../api/get-quotes';
import { QUOTE_STATUSES, type QuoteSummary } from '@kestrel/shared';
import { QuoteStatusBadge, quoteStatusLabel } from './quote-status';

// Below the md breakpoint rows become cards, each cell naming its column (data-label), as on My Order.
const cell = 'max-md:block max-md:px-4 max-md:py-1 max-md:before:font-medium max-md:before:content-[attr(data-label)]';

/** The status filter and page from the URL; an unknown status shows every quote, a bad page the first. */
function useQuotesView(): [QuotesView, (view: QuotesView) => void] {
  const [query, setQuery] = useQueryString();
  const status = QUOTE_STATUSES.find((s) => s === query.get('status')) ?? null;
  const page = Math.max(1, Math.floor(Number(query.get('page')) || 1));
  const set = (next: QuotesView) => {
    const params = new URLSearchParams();
    if (next.status) params.set('status', next.status);
    if (next.page > 1) params.set('page', String(next.page));
    setQuery(params);
  };
  return [{ status, page }, set];
}

/**
 * "Quotes 51-100" with previous and next. The API answers a page without a total, so a full page offers the next one,
 * which may turn out empty (then it says so, with the way back).
 */
function QuotesPager({
  view,
  shown,
  loading,
  onPage,
}: {
  view: QuotesView;
  shown: number;
  /** The rows are still the page before while this one loads. */
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const first = (view.page - 1) * QUOTES_PAGE_SIZE + 1;
  const last = first + shown - 1;
  const range =
    shown === 0
      ? `No more quotes after ${formatCount(first - 1)}`
      : shown === 1
        ? `Quote ${formatCount(first)}`
        : `Quotes ${formatCount(first)}-${formatCount(last)}`;
  const status = loading ? `Loading page ${formatCount(view.page)}…` : `${range} (page ${formatCount(view.page)})`;
  return (
    <StepPager
      label="Quote pages"
      status={status}
      previous={!loading && view.page > 1 ? () => onPage(view.page - 1) : null}
      next={!loading && shown === QUOTES_PAGE_SIZE ? () => onPage(view.page + 1) : null}
    />
  );
}

/** The shop's queue puts requests (waiting for an offer) first, oldest first; the rest keep the API's order. */
function queueOrder(quotes: QuoteSummary[]): QuoteSummary[] {
  const requested = quotes
    .filter((quote) => quote.status === 'requested')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return [...requested, ...quotes.filter((quote) => quote.status !== 'requested')];
}

export function QuotesList({ admin }: { admin: boolean }) {
  const [view, setView] = useQuotesView();
  const { status, page } = view;
  const { data, isPending, isError, error, isPlaceholderData } = useQuotes(view);
  const base = admin ? '/dashboard/manage-quotes' : '/dashboard/quotes';
  const quotes = data ? (admin ? queueOrder(data) : data) : [];

  return (
    <>
      <div className="mb-4 flex w-40 flex-col gap-1">
        <label htmlFor="quote-status-filter" className="text-sm font-medium">
          Show quotes
        </label>
        <select
          id="quote-status-filter"
          className="h-9 w-full rounded-field border border-base-300 bg-base-100 px-2 text-sm"
          value={status ?? ''}
          onChange={(event) =>
            setView({ status: QUOTE_STATUSES.find((s) => s === event.target.value) ?? null, page: 1 })
          }
        >
          <option value="">All statuses</option>
          {QUOTE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {quoteStatusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      {isPending ? <PageSpinner label="Loading the quotes" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data && quotes.length === 0 && page === 1 ? (
        <ListState>
          {status
            ? `No quotes are ${quoteStatusLabel(status).toLowerCase()}.`
            : admin
              ? 'No quotes have been requested yet.'
              : 'You have not asked for a quote yet. Ask for one from a product page or from your cart.'}
        </ListState>
      ) : null}
      {quotes.length > 0 ? (
        <div
          className={`rounded-box border border-base-300 bg-base-100 md:overflow-x-auto ${isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={isPlaceholderData}
        >
          <table className="table max-md:block">
            <caption className="sr-only">{admin ? 'Quotes to answer' : 'Your quotes'}</caption>
            <thead className="text-base-content max-md:sr-only">
              <tr>
                <th scope="col">Quote</th>
                <th scope="col">Status</th>
                {admin ? <th scope="col">Customer</th> : null}
                <th scope="col">Lines</th>
                <th scope="col">Requested</th>
                <th scope="col">Valid until</th>
              </tr>
            </thead>
            <tbody className="max-md:block">
              {quotes.map((quote) => (
                <tr key={quote._id} className="max-md:block max-md:border-b max-md:border-base-300 max-md:py-2">
                  <th scope="row" className={cell}>
                    <Link
                      to={`${base}/${encodeURIComponent(quote._id)}`}
                      className="link link-primary font-mono text-sm"
                      aria-label={`Open quote ${quote.number}`}
                    >
                      {quote.number}
                    </Link>
                  </th>
                  <td className={cell} data-label="Status: ">
                    <QuoteStatusBadge quote={quote} />
                  </td>
                  {admin ? (
                    <td className={`break-all ${cell}`} data-label="Customer: ">
                      {quote.email}
                    </td>
                  ) : null}
                  <td className={`tabular-nums ${cell}`} data-label="Lines: ">
                    {formatCount(quote.lines.length)}
                  </td>
                  <td className={cell} data-label="Requested: ">
                    <time dateTime={quote.createdAt}>{formatTime(quote.createdAt)}</time>
                  </td>
                  <td className={cell} data-label="Valid until: ">
                    {quote.validUntil ? (
                      <time dateTime={quote.validUntil}>{formatTime(quote.validUntil)}</time>
                    ) : (
                      'No offer yet'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && (page > 1 || quotes.length === QUOTES_PAGE_SIZE) ? (
        <QuotesPager
          view={view}
          shown={quotes.length}
          loading={isPlaceholderData}
          onPage={(next) => setView({ status, page: next })}
        />
      ) : null}
    </>
  );
}
