// "Add to list" on the product page and "Save cart as list" in the cart (B2B §16): buttons only. The dialogs behind
// them are the lists feature's own part, fetched on hover or focus of the button and shown once clicked, so neither
// page grows (as app/quote-buttons.tsx does for quotes).
import { useState } from 'react';
import type { Product } from '@kestrel/shared';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../lib/auth-store';
import { lazyComponent } from './lazy-part';

const loading = (
  <p className="mt-3">
    <Spinner label="Loading your lists" size="sm" />
  </p>
);
const AddToListDialog = lazyComponent(
  () => import('../features/lists/components/add-to-list-dialog').then((m) => m.AddToListDialog),
  loading,
);
const SaveCartDialog = lazyComponent(
  () => import('../features/lists/components/save-cart-dialog').then((m) => m.SaveCartDialog),
  loading,
);

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

/** On a product's page, for anyone signed in: a viewer may keep private lists, only the company's are read-only. */
export function AddToListButton({ product }: { product: Product }) {
  const signedIn = useAuth().status === 'signed-in';
  const dialog = useDialog();
  if (!signedIn) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline"
        onPointerEnter={AddToListDialog.preload}
        onFocus={AddToListDialog.preload}
        onClick={dialog.show}
      >
        Add to list
      </button>
      {dialog.wanted ? <AddToListDialog product={product} open={dialog.open} onClose={dialog.close} /> : null}
    </>
  );
}

/** In the cart (signed-in only): its lines saved as a new list, the cart kept. */
export function SaveCartAsListButton() {
  const dialog = useDialog();
  return (
    <>
      <button
        type="button"
        className="btn btn-outline w-full"
        onPointerEnter={SaveCartDialog.preload}
        onFocus={SaveCartDialog.preload}
        onClick={dialog.show}
      >
        Save cart as list
      </button>
      {dialog.wanted ? <SaveCartDialog open={dialog.open} onClose={dialog.close} /> : null}
    </>
  );
}
