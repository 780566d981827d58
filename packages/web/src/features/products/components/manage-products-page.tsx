// The admin's product table (issue #26): SKU, name, category, price, minimum and stock of the whole catalogue, a
// page at a time from GET /api/catalog (search and page kept in the URL), with SPEC's Edit and Delete on every row.
// Below the md breakpoint each row is laid out as a card, its actions on screen.
import { Link } from 'react-router';
import { cardVariantUrl, deletedMessage, messages, type Product } from '@kestrel/shared';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useQueryString } from '../../../lib/use-query-string';
import { useDeleteProduct } from '../api/delete-product';
import { useCatalog } from '../api/get-catalog';
import { catalogSearch, changeView, readCatalogView, type CatalogView } from '../catalog-view';
import { CatalogSearch } from './catalog-filters';
import { pageCount, ResultsSummary } from './catalog-results';

const cell = 'max-md:block max-md:px-4 max-md:py-1 max-md:before:font-medium max-md:before:content-[attr(data-label)]';

function ProductRow({ product, onDelete, busy }: { product: Product; onDelete: (p: Product) => void; busy: boolean }) {
  return (
    <tr className="max-md:block max-md:border-b max-md:border-base-300 max-md:py-2">
      <td className={cell}>
        <img
          src={cardVariantUrl(product.img)}
          alt={product.name}
          width={48}
          height={36}
          className="h-9 w-12 rounded object-cover"
        />
      </td>
      <td className={`font-mono ${cell}`} data-label="SKU: ">
        {product.sku}
      </td>
      <th scope="row" className={`break-words ${cell}`}>
        {product.name}
        <span className="block text-xs font-normal">{product.category}</span>
      </th>
      <td className={`tabular-nums md:text-right ${cell}`} data-label="Price: ">
        {formatDollars(product.price)}
      </td>
      <td className={`tabular-nums md:text-right ${cell}`} data-label="Minimun Order Quantity: ">
        {formatCount(product.quantity)}
      </td>
      <td className={`tabular-nums md:text-right ${cell}`} data-label="Available Quantity: ">
        {formatCount(product.availableQuantity)}
      </td>
      <td className={cell}>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/dashboard/editproduct/${product._id}`}
            className="btn btn-primary btn-sm"
            aria-label={`Edit ${product.name}`}
          >
            Edit
          </Link>
          <button
            type="button"
            className="btn btn-error btn-sm"
            aria-label={`Delete ${product.name}`}
            disabled={busy}
            onClick={() => onDelete(product)}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}

export function ManageProductsPage() {
  const [query, setQuery] = useQueryString();
  const view = readCatalogView(query);
  const { data, isPending, isError, error, isPlaceholderData } = useCatalog(catalogSearch(view));
  const deleteProduct = useDeleteProduct();
  const go = (next: CatalogView) => setQuery(new URLSearchParams(catalogSearch(next)));

  const remove = (product: Product) => {
    // docs/product.md §13 asks for the browser's own confirmation here.
    if (!window.confirm(messages.confirmDelete)) return;
    deleteProduct.mutate(product, {
      onSuccess: () => notify.success(deletedMessage(product.name)),
      onError: (failure) => notify.error(failure.message),
    });
  };

  return (
    <>
      <PageTitle>Manage All Products</PageTitle>
      <p className="-mt-4 mb-6 text-sm">
        Edit a product to change its prices, pack size, stock or SKU; to change many at once, use{' '}
        <Link to="/dashboard/products-csv" className="link">
          Products CSV
        </Link>
        .
      </p>
      <div className="mb-4 max-w-xl">
        <CatalogSearch key={view.q} view={view} onSearch={(q) => go(changeView(view, { q }))} />
      </div>
      {isPending ? <PageSpinner label="Loading products" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data && data.total === 0 ? (
        <ListState>{view.q ? `No products match “${view.q}”.` : 'The catalogue is empty.'}</ListState>
      ) : null}
      {data && data.total > 0 ? (
        <>
          <ResultsSummary view={view} page={data} />
          <div
            className={`mt-2 rounded-box border border-base-300 bg-base-100 md:overflow-x-auto ${isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={isPlaceholderData}
          >
            <table className="table max-md:block">
              <caption className="sr-only">Products</caption>
              <thead className="text-base-content max-md:sr-only">
                <tr>
                  <th scope="col">
                    <span className="sr-only">Image</span>
                  </th>
                  <th scope="col">SKU</th>
                  <th scope="col">Name</th>
                  <th scope="col" className="text-right">
                    Price
                  </th>
                  <th scope="col" className="text-right">
                    Minimun Order Quantity
                  </th>
                  <th scope="col" className="text-right">
                    Available Quantity
                  </th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="max-md:block">
                {data.items.map((product) => (
                  <ProductRow
                    key={product._id}
                    product={product}
                    onDelete={remove}
                    busy={deleteProduct.isPending && deleteProduct.variables._id === product._id}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Product pages" className="join mt-4">
            <button
              type="button"
              className="btn btn-outline btn-sm join-item"
              disabled={data.page <= 1}
              onClick={() => go({ ...view, page: data.page - 1 })}
            >
              Previous page
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm join-item"
              disabled={data.page >= pageCount(data)}
              onClick={() => go({ ...view, page: data.page + 1 })}
            >
              Next page
            </button>
          </nav>
        </>
      ) : null}
    </>
  );
}
