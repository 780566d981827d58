// B2B §13: the checkout's subtotal, tax and total before the order is placed, from POST /api/cart/totals for the cart
// and the ship-to chosen (asked again when either changes). Self-contained: the checkout page passes the cart and
// its ship-to choice; a ship-to the API refuses shows its reason here, the order form says it again on submit.
import type { Cart, ShipToChoice } from '@kestrel/shared';
import { formatDollars } from '../../../lib/money';
import { taxLabel } from '../../../lib/tax-label';
import { useCartTotals } from '../api/get-cart-totals';

export function CheckoutTotals({ cart, shipTo }: { cart: Pick<Cart, 'total' | 'lines'>; shipTo?: ShipToChoice }) {
  const totals = useCartTotals(cart, shipTo);
  if (totals.isPending) return <p className="text-sm">Working out the tax…</p>;
  if (totals.isError) {
    return (
      <p role="alert" className="text-sm text-error">
        The tax could not be worked out: {totals.error.message}
      </p>
    );
  }
  const t = totals.data;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" aria-label="Order totals">
      <dt>Subtotal</dt>
      <dd className="text-right tabular-nums">{formatDollars(t.subtotal)}</dd>
      <dt>{taxLabel(t)}</dt>
      <dd className="text-right tabular-nums">{formatDollars(t.taxTotal)}</dd>
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold tabular-nums">{formatDollars(t.total)}</dd>
      {t.taxNote ? <dd className="col-span-2 text-xs">{t.taxNote}</dd> : null}
    </dl>
  );
}
