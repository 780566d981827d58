import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { nextPriceBreak, quantityProblem, type Product } from '@kestrel/shared';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { orderTermsOf } from '../../../lib/order-terms';
import { useAddCartLines } from '../api/add-cart-lines';

/** A quantity and 'Add to cart' for one product (B2B §3): the cart keeps a line that breaks §2, with its problem. */
export function AddToCart({ product }: { product: Product }) {
  const id = useId();
  const addLines = useAddCartLines();
  const [quantity, setQuantity] = useState(String(product.quantity));
  const [added, setAdded] = useState(false);
  const wanted = Number(quantity);
  const whole = quantity !== '' && Number.isInteger(wanted) && wanted >= 1;
  const problem = whole ? quantityProblem(orderTermsOf(product), wanted) : 'quantity must be a whole number';
  const next = whole ? nextPriceBreak(product.priceBreaks, wanted) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    setAdded(false);
    addLines.mutate(
      { lines: [{ sku: product.sku, quantity: wanted }] },
      {
        onSuccess: () => {
          setAdded(true);
          notify.success(`${formatCount(wanted)} × ${product.name} added to your cart`);
        },
        onError: (error) => notify.error(error.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-2" aria-label="Add to cart">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-qty`} className="text-sm font-medium">
            Pieces for the cart
          </label>
          <input
            id={`${id}-qty`}
            type="number"
            inputMode="numeric"
            className={`input w-36 tabular-nums ${problem ? 'input-error' : ''}`}
            min={product.quantity}
            step={product.packSize}
            value={quantity}
            aria-describedby={`${id}-note`}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-outline btn-primary" disabled={addLines.isPending || !!problem}>
          Add to cart
        </button>
      </div>
      <p id={`${id}-note`} className={`text-sm ${problem ? 'text-error' : ''}`} aria-live="polite">
        {problem ?? (next ? `${formatDollars(next.price)} each from ${formatCount(next.minQuantity)}` : '')}
      </p>
      {added ? (
        <p className="text-sm" role="status">
          Added.{' '}
          <Link to="/cart" className="link font-medium">
            View your cart
          </Link>
        </p>
      ) : null}
    </form>
  );
}
