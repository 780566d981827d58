// "Request a quote" (B2B §10) on the product page and in the cart: a button only. The form behind it is its own part,
// fetched on hover or focus of the button and shown once clicked, so both pages keep their weight. A company's
// viewers read its quotes but may not ask for one (B2B §10: the API answers them 403), so they get no button.
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Product } from '@kestrel/shared';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../lib/auth-store';
import { lazyComponent } from './lazy-part';

const loading = (
  <p className="mt-3">
    <Spinner label="Loading the quote form" size="sm" />
  </p>
);
const RequestQuoteDialog = lazyComponent(
  () => import('../features/quotes/components/request-quote-dialog').then((m) => m.RequestQuoteDialog),
  loading,
);
const CartQuoteDialog = lazyComponent(
  () => import('../features/quotes/components/cart-quote-dialog').then((m) => m.CartQuoteDialog),
  loading,
);

/** A company's viewer may not ask for a quote; the signed-in user's own record names their role. */
function useMayRequestQuote(): boolean {
  return useAuth().user?.company?.role !== 'viewer';
}

/** The button, and the dialog mounted from the first click on (so it opens as soon as its code arrives). */
function useDialog() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return {
    open,
    wanted,
    show: () => {
      setWanted(true);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}

/** On a product's page: a quote for this product; signed-out visitors are sent to sign in first, then back. */
export function RequestQuoteButton({ product }: { product: Product }) {
  const location = useLocation();
  const signedIn = useAuth().status === 'signed-in';
  const mayRequest = useMayRequestQuote();
  const dialog = useDialog();
  if (!signedIn) {
    return (
      <Link to="/login" state={{ from: location }} className="btn btn-outline btn-primary">
        Sign in to request a quote
      </Link>
    );
  }
  if (!mayRequest) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-primary"
        onPointerEnter={RequestQuoteDialog.preload}
        onFocus={RequestQuoteDialog.preload}
        onClick={dialog.show}
      >
        Request a quote
      </button>
      {dialog.wanted ? <RequestQuoteDialog product={product} open={dialog.open} onClose={dialog.close} /> : null}
    </>
  );
}

/** In the cart: a quote for all its lines instead of checking out (the cart is signed-in only). */
export function CartQuoteButton() {
  const mayRequest = useMayRequestQuote();
  const dialog = useDialog();
  if (!mayRequest) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-primary w-full"
        onPointerEnter={CartQuoteDialog.preload}
        onFocus={CartQuoteDialog.preload}
        onClick={dialog.show}
      >
        Request a quote instead
      </button>
      {dialog.wanted ? <CartQuoteDialog open={dialog.open} onClose={dialog.close} /> : null}
    </>
  );
}
