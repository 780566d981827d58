import type { ReactNode } from 'react';
import { RequireAuth } from '../guards/require-auth';
import { SessionExpiryHandler } from '../session-expiry-handler';
import { CartPage } from '../../features/cart/components/cart-page';
import { QuickOrderPage } from '../../features/cart/components/quick-order-page';
import { CartQuoteButton } from '../quote-buttons';
import { SaveCartAsListButton } from '../list-buttons';
import { CheckoutShipTo } from '../ship-to-choice';

/** Signed-in pages outside the dashboard (B2B §3): the cart and quick order, one part since a buyer uses both. */
function SignedIn({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <RequireAuth>
        <SessionExpiryHandler />
        {children}
      </RequireAuth>
    </div>
  );
}

export function CartRoute() {
  return (
    <SignedIn>
      <CartPage
        shipTo={CheckoutShipTo}
        otherwise={
          <div className="flex flex-col gap-3">
            <CartQuoteButton />
            <SaveCartAsListButton />
          </div>
        }
      />
    </SignedIn>
  );
}

export function QuickOrderRoute() {
  return (
    <SignedIn>
      <QuickOrderPage />
    </SignedIn>
  );
}
