import { Link } from 'react-router';
import { CATALOG_SORTS, MAX_SEARCH_LENGTH, type CatalogPage, type CatalogSort } from '@kestrel/shared';
import { catalogHref, catalogSort, changeView, type CatalogView } from '../catalog-view';

const sortLabels: Record<CatalogSort, string> = {
  relevance: 'Best match',
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name (A to Z)',
};

/**
 * The search box: it changes the view when submitted (Enter or the button), so every search is one history entry.
 * The page mounts it with the view's words as its key, so back and forward put the right words in the box.
 */
export function CatalogSearch({ view, onSearch }: { view: CatalogView; onSearch: (q: string) => void }) {
  return (
    <form
      role="search"
      aria-label="Products"
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        const q = new FormData(event.currentTarget).get('q');
        onSearch(typeof q === 'string' ? q.trim() : '');
      }}
    >
      <label htmlFor="catalog-search" className="text-sm font-medium">
        Search products
      </label>
      <div className="flex gap-2">
        <input
          id="catalog-search"
          name="q"
          type="search"
          className="input w-full"
          defaultValue={view.q}
          placeholder="Name, description or SKU"
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </div>
    </form>
  );
}

export function SortSelect({ view, onSort }: { view: CatalogView; onSort: (sort: CatalogSort) => void }) {
  // "Best match" only ranks something when there are search words.
  const sorts = CATALOG_SORTS.filter((sort) => sort !== 'relevance' || view.q);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="catalog-sort" className="text-sm font-medium whitespace-nowrap">
        Sort by
      </label>
      <select
        id="catalog-sort"
        className="h-9 rounded-field border border-base-300 bg-base-100 px-2 text-sm"
        value={catalogSort(view)}
        onChange={(event) => {
          const sort = sorts.find((s) => s === event.target.value);
          if (sort) onSort(sort);
        }}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

const facet =
  'flex items-center justify-between gap-3 whitespace-nowrap rounded-field border px-3 py-1.5 text-sm md:border-0';

/**
 * Category facets as links (each one a view you can open in a new tab or share). The counts are of the products
 * matching the search in every category (B2B §1), so they do not change when a category is picked.
 */
export function CategoryFacets({ view, categories }: { view: CatalogView; categories: CatalogPage['categories'] }) {
  const all = categories.reduce((sum, c) => sum + c.count, 0);
  // A category from a shared link that the search no longer finds stays listed, so it can be left.
  const listed =
    view.category && !categories.some((c) => c.name === view.category)
      ? [...categories, { name: view.category, count: 0 }]
      : categories;
  const entries = [{ name: '', label: 'All categories', count: all }, ...listed.map((c) => ({ ...c, label: c.name }))];
  return (
    <nav aria-labelledby="facets-title">
      <h2 id="facets-title" className="mb-2 text-sm font-semibold uppercase tracking-wide">
        Category
      </h2>
      {/* One row that scrolls sideways on a phone, a column beside the results on wider screens. Relative, so the
          screen-reader-only words inside stay inside it instead of widening the page. */}
      <ul className="relative flex gap-2 overflow-x-auto pb-2 md:flex-col md:gap-1 md:overflow-visible md:pb-0">
        {entries.map((entry) => {
          const current = entry.name === view.category;
          return (
            <li key={entry.name || '(all)'}>
              <Link
                to={catalogHref(changeView(view, { category: entry.name }))}
                aria-current={current ? 'true' : undefined}
                className={`${facet} ${current ? 'border-primary bg-primary text-primary-content' : 'border-base-300 bg-base-100 hover:bg-base-300'}`}
              >
                <span>{entry.label}</span>{' '}
                <span className="tabular-nums">
                  {entry.count}
                  <span className="sr-only"> products</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
