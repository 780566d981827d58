// The public page of one product (B2B §11): the catalogue shows prices to everyone, so a visitor who clicks a product
// sees it (terms, price breaks, stock) without signing in, and is asked to sign in only to order. SPEC's purchase page
// (/purchase/{id}) stays signed-in only; signed-in buyers go on to it or add the product to their cart here.
import { Link, useLocation, useParams } from 'react-router';
import { messages } from '@kestrel/shared';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth-store';
import { useOrderingRefusal } from '../../lib/company-role';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isNoSuchProduct, useProduct } from '../../features/products/api/get-product';
import { NotFoundPage } from './not-found-page';
import { ProductCard } from '../../features/products/components/product-card';
import { ProductTerms } from '../../features/products/components/product-terms';
import { AddToCart } from '../../features/cart/components/add-to-cart';
import { RequestQuoteButton } from '../quote-buttons';
import { AddToListButton } from '../list-buttons';

export function ProductPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { status } = useAuth();
  const refusal = useOrderingRefusal();
  const { data: product, isPending, isError, error } = useProduct(id);
  const missing = isNoSuchProduct(error);
  useDocumentTitle(product ? product.name : missing ? messages.notFoundPage : 'Product');

  if (isPending) return <PageSpinner label="Loading the product" />;
  if (missing) return <NotFoundPage />;
  if (isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
        <h1 className="text-2xl font-semibold">This product is not available</h1>
        <p className="mt-2">{error.message}</p>
      </div>
    );
  }

  const soldOut = product.availableQuantity < product.quantity;
  return (
    // items-start: the product card keeps its own height beside the taller order column (issue #47).
    <div className="mx-auto grid min-h-screen max-w-5xl content-start items-start gap-8 px-4 py-10 md:grid-cols-2">
      <h1 className="sr-only">{product.name}</h1>
      {/* A wrapper of its own height: the card's h-full (for the home page's grid) would fill the grid row. */}
      <div>
        <ProductCard product={product} eager headingLevel="h2" />
      </div>
      <div className="flex flex-col gap-6 self-start">
        <section aria-labelledby="order-panel" className="rounded-box border border-base-300 bg-base-100 p-6">
          <h2 id="order-panel" className="text-xl font-semibold">
            Order in bulk
          </h2>
          <p className="mt-2">
            Orders start at {product.quantity} pieces
            {product.packSize > 1 ? `, in packs of ${product.packSize}` : ''}.
          </p>
          {/* The stock state a buyer (and a search engine: B2B §18) reads first. */}
          <p className="mt-2 font-semibold">{soldOut ? 'Out of stock' : 'In stock'}</p>
          {soldOut ? (
            <p className="mt-2 font-semibold text-error">Not enough stock for the minimum order right now.</p>
          ) : null}
          {status === 'signed-in' && refusal ? (
            // A company viewer is told why instead of being offered an order the server refuses (issue #47).
            <p className="mt-4 text-sm">{refusal}</p>
          ) : status === 'signed-in' ? (
            <>
              <Link to={`/purchase/${product._id}`} className="btn btn-primary mt-4">
                Order this product
              </Link>
              {soldOut ? null : <AddToCart product={product} />}
            </>
          ) : (
            <p className="mt-4">
              <Link to="/login" state={{ from: location }} className="btn btn-primary">
                Sign in to order
              </Link>
            </p>
          )}
          {/* Requisition lists (B2B §16): kept for reordering, a viewer's own private ones included. */}
          {status === 'signed-in' ? (
            <div className="mt-4">
              <AddToListButton product={product} />
            </div>
          ) : null}
        </section>
        {/* Large or unusual orders are negotiated (B2B §10): beyond the stock or the maximum too. */}
        <section aria-labelledby="quote-panel" className="rounded-box border border-base-300 bg-base-100 p-6">
          <h2 id="quote-panel" className="text-xl font-semibold">
            Need a better price?
          </h2>
          <p className="mb-4 mt-2">
            For a large or unusual order, ask for a quote: the shop answers with an offer you can accept as an order.
          </p>
          <RequestQuoteButton product={product} />
        </section>
        <ProductTerms product={product} />
      </div>
    </div>
  );
}
