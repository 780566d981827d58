import { Link } from 'react-router';
import { deletedMessage, messages, type Product } from '@kestrel/shared';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { useDeleteProduct } from '../api/delete-product';
import { useProducts } from '../api/get-products';
import { ProductCard } from './product-card';

export function ManageProductsPage() {
  const { data, isPending, isError, error } = useProducts();
  const deleteProduct = useDeleteProduct();

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
      {isPending ? <PageSpinner label="Loading products" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data && data.length === 0 ? <ListState>The catalogue is empty.</ListState> : null}
      {data && data.length > 0 ? (
        <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {data.map((product, index) => (
            <li key={product._id}>
              <ProductCard product={product} eager={index < 3} headingLevel="h2">
                <Link
                  to={`/dashboard/editproduct/${product._id}`}
                  className="btn btn-primary"
                  aria-label={`Edit ${product.name}`}
                >
                  Edit
                </Link>
                <button
                  type="button"
                  className="btn btn-error"
                  aria-label={`Delete ${product.name}`}
                  disabled={deleteProduct.isPending && deleteProduct.variables._id === product._id}
                  onClick={() => remove(product)}
                >
                  Delete
                </button>
              </ProductCard>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
