import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CatalogPage, Product } from '@kestrel/shared';
import { ListState } from '../../../components/ui/page-title';
import { formatCount } from '../../../lib/count';
import { catalogHref, changeView, emptyView, type CatalogView } from '../catalog-view';
import { CatalogCard } from './catalog-card';

/** What the search is, in words: ` for “cpu” in Memory`. */
export function searchWords(view: CatalogView): string {
  return `${view.q ? ` for “${view.q}”` : ''}${view.category ? ` in ${view.category}` : ''}`;
}

export function pageCount(page: CatalogPage): number {
  return Math.max(1, Math.ceil(page.total / page.pageSize));
}

/** "Showing 25–48 of 61 products for “ssd”", read out when it changes. */
export function ResultsSummary({ view, page }: { view: CatalogView; page: CatalogPage }) {
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + page.items.length - 1;
  const count = `${formatCount(page.total)} ${page.total === 1 ? 'product' : 'products'}`;
  const text =
    page.items.length === 0
      ? `${count}${searchWords(view)}`
      : `Showing ${formatCount(first)}–${formatCount(last)} of ${count}${searchWords(view)}`;
  return <p className="text-sm">{`${text} · Page ${page.page} of ${pageCount(page)}`}</p>;
}

/** Back to the whole catalogue, shown while a search or a category narrows it. */
export function ClearView({ view }: { view: CatalogView }) {
  if (!view.q && !view.category) return null;
  return (
    <Link className="link text-sm" to={catalogHref(emptyView)}>
      Clear the search and category
    </Link>
  );
}

function noMatch(view: CatalogView): string {
  if (view.q) return `No products match “${view.q}”${view.category ? ` in ${view.category}` : ''}.`;
  return view.category ? `No products in ${view.category}.` : 'The catalogue is empty.';
}

/** Nothing found, or a page past the end of the list (a stale link). Both say how to get back to products. */
export function NoResults({ view, page }: { view: CatalogView; page: CatalogPage }) {
  if (page.total > 0) {
    const last = pageCount(page);
    return (
      <ListState>
        There is no page {page.page}: this list has {last} {last === 1 ? 'page' : 'pages'}.{' '}
        <Link className="link" to={catalogHref({ ...view, page: last })}>
          Go to the last page
        </Link>
      </ListState>
    );
  }
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-6 text-center">
      <p className="font-semibold">{noMatch(view)}</p>
      {view.q ? (
        <p className="mt-2 text-sm">Check the spelling, search for fewer words or a SKU, or look in every category.</p>
      ) : null}
      <p className="mt-4 flex flex-wrap justify-center gap-2">
        {view.q && view.category ? (
          <Link className="btn btn-sm" to={catalogHref(changeView(view, { category: '' }))}>
            Search every category
          </Link>
        ) : null}
        <Link className="btn btn-primary btn-sm" to={catalogHref(emptyView)}>
          Clear the search and show all products
        </Link>
      </p>
    </div>
  );
}

/** What the app puts at the foot of each card (its 'Add to cart'); the catalogue itself knows nothing of carts. */
export type CardAction = (product: Product) => ReactNode;

export function ResultsGrid({ page, cardAction }: { page: CatalogPage; cardAction?: CardAction }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {page.items.map((product, index) => (
        <li key={product._id}>
          <CatalogCard product={product} eager={index < 3} action={cardAction?.(product)} />
        </li>
      ))}
    </ul>
  );
}
