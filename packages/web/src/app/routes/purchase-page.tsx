import { useState } from 'react';
import { useParams } from 'react-router';
import { messages } from '@kestrel/shared';
import { RequireAuth } from '../guards/require-auth';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth-store';
import { useOrderingRefusal } from '../../lib/company-role';
import { usePunchout } from '../../lib/punchout';
import { TransferCartButton } from '../../components/transfer-cart-button';
import { isNoSuchProduct, useProduct } from '../../features/products/api/get-product';
import { NotFoundPage } from './not-found-page';
import { ProductCard } from '../../features/products/components/product-card';
import { ProductTerms } from '../../features/products/components/product-terms';
import { AddToCart } from '../../features/cart/components/add-to-cart';
import { SessionExpiryHandler } from '../session-expiry-handler';
import { useDocumentTitle } from '../../lib/use-document-title';
import { lazyComponent } from '../lazy-part';

// The order form (zod, react-hook-form: most of this page's script) loads when it is first wanted, not with the page.
const OrderModal = lazyComponent(
  () => import('./product-order-modal').then((m) => m.ProductOrderModal),
  <p className="mt-3">
    <Spinner label="Loading the order form" size="sm" />
  </p>,
);

/** Signed-in only (docs/product.md §14). The product is public, so it is fetched while the session is still being checked. */
export function PurchasePage() {
  const { id = '' } = useParams();
  useProduct(id);
  // A screen's height from the first spinner on, so the footer stays below the fold and does not jump when the
  // product arrives (a layout shift Lighthouse counted on phones).
  return (
    <div className="min-h-screen">
      <RequireAuth>
        <PurchaseContent id={id} />
      </RequireAuth>
    </div>
  );
}

function PurchaseContent({ id }: { id: string }) {
  const { user } = useAuth();
  const refusal = useOrderingRefusal();
  const punchout = usePunchout();
  const { data: product, isPending, isError, error } = useProduct(id);
  const [ordering, setOrdering] = useState(false);
  // Mounted from the first 'place order' on, so the dialog opens as soon as its code arrives and stays mounted after.
  const [wanted, setWanted] = useState(false);
  const missing = isNoSuchProduct(error);
  useDocumentTitle(product ? `Purchase ${product.name}` : missing ? messages.notFoundPage : 'Purchase');

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
    <div className="mx-auto grid max-w-5xl items-start gap-8 px-4 py-10 md:grid-cols-2">
      <SessionExpiryHandler />
      <h1 className="sr-only">Purchase {product.name}</h1>
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
            Hello {user?.name}. Orders start at {product.quantity} pieces
            {product.packSize > 1 ? `, in packs of ${product.packSize}` : ''}; we reserve the stock as soon as you book.
          </p>
          {/* Less stock than the minimum order means nothing can be booked until it is restocked. */}
          {soldOut ? (
            <p id="sold-out" className="mt-2 font-semibold text-error">
              Not enough stock for the minimum order right now.
            </p>
          ) : null}
          {punchout ? (
            // A punch-out session orders through its procurement system (B2B §17): the cart goes back instead.
            <div className="mt-4 flex flex-col items-start gap-3">
              <p className="text-sm">Your procurement system places the order: add to the cart, then transfer it.</p>
              <TransferCartButton className="btn btn-outline" />
            </div>
          ) : refusal ? (
            // A company viewer is told why instead of being offered an order the server refuses (issue #47).
            <p className="mt-4 text-sm">{refusal}</p>
          ) : (
            <>
              <button
                type="button"
                className="btn btn-primary mt-4"
                disabled={soldOut}
                aria-describedby={soldOut ? 'sold-out' : undefined}
                onPointerEnter={OrderModal.preload}
                onFocus={OrderModal.preload}
                onClick={() => {
                  setWanted(true);
                  setOrdering(true);
                }}
              >
                place order
              </button>
              {user && wanted ? (
                <OrderModal
                  product={product}
                  customer={{ name: user.name, email: user.email }}
                  open={ordering}
                  onClose={() => setOrdering(false)}
                />
              ) : null}
            </>
          )}
          {/* Beside SPEC's booking: the cart gathers several products into one order (B2B §3). */}
          {soldOut || refusal ? null : <AddToCart product={product} />}
        </section>
        <ProductTerms product={product} />
      </div>
    </div>
  );
}
