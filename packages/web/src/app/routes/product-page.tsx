// The public page of one product (B2B §11): the catalogue shows prices to everyone, so a visitor who clicks a product
// sees it (terms, price breaks, stock) without signing in, and is asked to sign in only to order. SPEC's purchase page
// (/purchase/{id}) stays signed-in only; signed-in buyers go on to it or add the product to their cart here.
import { Link, useLocation, useParams } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useProduct } from '../../features/products/api/get-product';
import { ProductCard } from '../../features/products/components/product-card';
import { ProductTerms } from '../../features/products/components/product-terms';
import { AddToCart } from '../../features/cart/components/add-to-cart';
import { RequestQuoteButton } from '../quote-buttons';

export function ProductPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { status } = useAuth();
  const { data: product, isPending, isError, error } = useProduct(id);
  useDocumentTitle(product ? product.name : 'Product');

  if (isPending) return <PageSpinner label="Loading the product" />;
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
    <div className="mx-auto grid min-h-screen max-w-5xl content-start gap-8 px-4 py-10 md:grid-cols-2">
      <h1 className="sr-only">{product.name}</h1>
      <ProductCard product={product} eager headingLevel="h2" />
      <div className="flex flex-col gap-6 self-start">
        <section aria-labelledby="order-panel" className="rounded-box border border-base-300 bg-base-100 p-6">
          <h2 id="order-panel" className="text-xl font-semibold">
            Order in bulk
          </h2>
          <p className="mt-2">
            Orders start at {product.quantity} pieces
            {product.packSize > 1 ? `, in packs of ${product.packSize}` : ''}.
          </p>
          {soldOut ? (
            <p className="mt-2 font-semibold text-error">Not enough stock for the minimum order right now.</p>
          ) : null}
          {status === 'signed-in' ? (
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
