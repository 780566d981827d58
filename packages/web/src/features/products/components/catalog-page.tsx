import { useDeferredValue, useRef } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { isRefusal } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useQueryString } from '../../../lib/use-query-string';
import { useCatalog } from '../api/get-catalog';
import { catalogHref, catalogSearch, changeView, emptyView, readCatalogView, type CatalogView } from '../catalog-view';
import { CatalogSearch, CategoryFacets, SortSelect } from './catalog-filters';
import {
  ClearView,
  NoResults,
  ResultsGrid,
  ResultsSummary,
  pageCount,
  searchWords,
  type CardAction,
} from './catalog-results';

/**
 * The whole catalogue (B2B §1): search, category facets with counts, sort and paging, all kept in the URL's query
 * string (catalog-view.ts), so a link reproduces the view and back/forward walk through the searches. The app hands
 * in `cardAction`, what each card offers besides its link (B2B §3's 'Add to cart').
 */
export function CatalogPage({ cardAction }: { cardAction?: CardAction }) {
  const [params, setParams] = useQueryString();
  const view = readCatalogView(params);
  const search = catalogSearch(view);
  const { data: answer, isError, error, refetch, isFetching, isPlaceholderData } = useCatalog(search);
  // The results (24 cards, each with its quantity form) are drawn from a deferred copy of the answer: React then renders
  // them as a transition, yielding to the browser every few milliseconds, instead of in one long task when the answer
  // arrives (a query's update is otherwise synchronous). Until then the spinner stays.
  const data = useDeferredValue(answer);
  const isPending = !data && !isError;
  const resultsTitle = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(view.q || view.category ? `Products${searchWords(view)}` : 'Products');

  const show = (next: CatalogView) => setParams(new URLSearchParams(catalogSearch(next)));
  // After following a page link the reader starts at the top of the new results, not at the pager.
  const toResults = () => resultsTitle.current?.focus();
  const busy = isPending || (isFetching && isPlaceholderData);

  return (
    // A screen's height at least, so the footer never moves into view and out again while the results arrive.
    <div className="mx-auto min-h-screen max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-semibold">Products</h1>
      <p className="mt-1">The whole Kestrel range: search by name, description or SKU, pick a category and sort.</p>
      <div className="mt-6 max-w-2xl">
        <CatalogSearch key={view.q} view={view} onSearch={(q) => show(changeView(view, { q }))} />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-[14rem_1fr]">
        {/* On a phone the facets are one row above the results: its height is kept while they load. */}
        <div className="min-h-[4.5rem] md:min-h-0">
          {data ? <CategoryFacets view={view} categories={data.categories} /> : null}
        </div>
        <section aria-labelledby="results-title" aria-busy={busy} className="min-w-0">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="results-title" ref={resultsTitle} tabIndex={-1} className="scroll-mt-24 text-xl font-semibold">
                Results
              </h2>
              <div role="status" className="min-h-5">
                {data && !isError ? <ResultsSummary view={view} page={data} /> : null}
              </div>
              {data && data.items.length > 0 ? <ClearView view={view} /> : null}
            </div>
            {isPlaceholderData && isFetching ? <Spinner size="sm" label="Loading products" /> : null}
            <SortSelect view={view} onSort={(sort) => show(changeView(view, { sort }))} />
          </div>
          {isPending ? (
            <div className="flex min-h-[40vh] items-center justify-center">
              <Spinner size="lg" label="Loading products" />
            </div>
          ) : null}
          {isError ? (
            <div role="alert" className="rounded-box border border-error bg-base-100 p-6 text-center">
              <p className="font-semibold">The products could not be loaded.</p>
              <p className="mt-1 text-sm">{error.message}</p>
              <p className="mt-4 flex flex-wrap justify-center gap-2">
                {isRefusal(error) ? null : (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    disabled={isFetching}
                    onClick={() => void refetch()}
                  >
                    Try again
                  </button>
                )}
                {search ? (
                  <Link className="btn btn-sm" to={catalogHref(emptyView)}>
                    Show all products
                  </Link>
                ) : null}
              </p>
            </div>
          ) : null}
          {data && !isError ? (
            <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              {data.items.length > 0 ? (
                <ResultsGrid page={data} cardAction={cardAction} />
              ) : (
                <NoResults view={view} page={data} />
              )}
              <Pagination
                page={data.page}
                pageCount={pageCount(data)}
                href={(page) => catalogHref({ ...view, page })}
                onNavigate={toResults}
              />
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
