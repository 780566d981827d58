import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { productQuery } from '../api/get-product';
import { ProductEditForm } from './product-edit-form';

const changedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Admin: edit one product (B2B §1), reached from Manage All Products. */
export function EditProductPage() {
  const { id = '' } = useParams();
  // Always read afresh: the stock shown beside the adjustment must be today's, not a cached one.
  const {
    data: product,
    error,
    isFetchedAfterMount,
    refetch,
    isFetching,
  } = useQuery({
    ...productQuery(id),
    staleTime: 0,
  });
  const back = (
    <p className="mb-4">
      <Link to="/dashboard/manageproduct" className="link">
        Back to Manage All Products
      </Link>
    </p>
  );

  if (error) {
    return (
      <>
        <PageTitle>Edit product</PageTitle>
        {back}
        <ListState alert>
          This product could not be loaded: {error.message}{' '}
          <button type="button" className="btn btn-sm" disabled={isFetching} onClick={() => void refetch()}>
            Try again
          </button>
        </ListState>
      </>
    );
  }
  if (!product || !isFetchedAfterMount) return <PageSpinner label="Loading the product" />;
  return (
    <>
      <PageTitle lead={`SKU ${product.sku} · last changed ${changedAt.format(new Date(product.updatedAt))}`}>
        {`Edit ${product.name}`}
      </PageTitle>
      {back}
      <ProductEditForm key={product._id} product={product} />
    </>
  );
}
