import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { orderableMax, orderingMessages, quantityProblem, type CartWithRejected, type Product } from '@kestrel/shared';
import { useAuth } from '../../../lib/auth-store';
import { useOrderingRefusal } from '../../../lib/company-role';
import { formatCount } from '../../../lib/count';
import { notify } from '../../../lib/notify';
import { orderTermsOf } from '../../../lib/order-terms';
import { useAddCartLines } from '../api/add-cart-lines';
import { quantityPrice } from '../quantity-price';

interface AddToCartProps {
  product: Product;
  /**
   * On a catalogue card: smaller, and the field and button name the product, since that page has one per card. The
   * purchase page's form names the product in its heading instead.
   */
  compact?: boolean;
}

/** What the add answered for this product: refused (a deleted product's SKU), or added, perhaps with a problem. */
function outcome(cart: CartWithRejected, product: Product): { ok: boolean; text: string } {
  const refused = cart.rejected[0];
  if (refused) return { ok: false, text: `${product.sku}: ${refused.message}` };
  const line = cart.lines.find((l) => l.sku === product.sku);
  // Quantities of a product already in the cart add up, so the sum may break a rule the added quantity kept.
  if (line?.problem)
    return { ok: true, text: `Added. Your cart now has ${formatCount(line.quantity)}: ${line.problem}.` };
  return { ok: true, text: 'Added.' };
}

/**
 * A quantity and 'Add to cart' for one product (B2B §3): starts at the minimum, steps by the pack size, shows the
 * unit price that applies and the next price break, and says why a quantity breaks §2 before anything is sent.
 * Signed-out visitors get a way to sign in instead, back to this page after (docs/product.md §14).
 */
export function AddToCart({ product, compact = false }: AddToCartProps) {
  const id = useId();
  const location = useLocation();
  const signedOut = useAuth().status === 'signed-out';
  const addLines = useAddCartLines();
  const [quantity, setQuantity] = useState(String(product.quantity));
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const terms = orderTermsOf(product);
  const wanted = Number(quantity);
  const whole = quantity !== '' && Number.isInteger(wanted) && wanted >= 1;
  const problem = whole ? quantityProblem(terms, wanted) : orderingMessages.wholeQuantity;
  const max = orderableMax(terms);
  // Whole class names, so Tailwind finds them in the source.
  const button = `btn btn-outline btn-primary ${compact ? 'btn-sm' : ''}`;
  const named = compact ? <span className="sr-only"> {product.name}</span> : null;
  const refusal = useOrderingRefusal();

  // A company viewer orders nothing (issue #47): no cart to fill. A card stays quiet; the product pages say why.
  if (refusal) return null;

  // Less stock than the minimum order: nothing can be added until it is restocked, and the card says why.
  if (max < product.quantity) {
    return (
      <div className="flex flex-col items-start gap-2">
        <button type="button" className={button} disabled aria-describedby={`${id}-sold-out`}>
          Add to cart{named}
        </button>
        <p id={`${id}-sold-out`} className="text-sm font-semibold text-error">
          Not enough stock for the minimum order right now.
        </p>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || signedOut) return;
    setResult(null);
    addLines.mutate(
      { lines: [{ sku: product.sku, quantity: wanted }] },
      {
        onSuccess: (cart) => {
          const said = outcome(cart, product);
          setResult(said);
          if (said.ok) notify.success(`${formatCount(wanted)} × ${product.name} added to your cart`);
          else notify.error(said.text);
        },
        onError: (error) => {
          setResult({ ok: false, text: error.message });
          notify.error(error.message);
        },
      },
    );
  };

  // One flat row of parts that wraps (label, then field and button, then the notes): a catalogue page draws 24 of
  // these, so every element counts.
  return (
    <form
      onSubmit={submit}
      noValidate
      className={`flex flex-wrap items-center gap-x-2 gap-y-1 ${compact ? '' : 'mt-4'}`}
      aria-label={compact ? undefined : 'Add to cart'}
    >
      <label htmlFor={`${id}-qty`} className="w-full text-sm font-medium">
        {compact ? 'Quantity' : 'Pieces for the cart'}
        {compact ? <span className="sr-only"> of {product.name}</span> : null}
      </label>
      <input
        id={`${id}-qty`}
        type="number"
        inputMode="numeric"
        className={`input ${compact ? 'input-sm w-28' : 'w-36'} tabular-nums ${problem ? 'input-error' : ''}`}
        min={product.quantity}
        max={max}
        step={product.packSize}
        value={quantity}
        aria-describedby={`${id}-note`}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          setQuantity(event.target.value);
          setResult(null);
        }}
      />
      {signedOut ? (
        <Link to="/login" state={{ from: location }} className={button}>
          Sign in to order{named}
        </Link>
      ) : (
        <button type="submit" className={button} disabled={addLines.isPending || !!problem}>
          Add to cart{named}
        </button>
      )}
      <p id={`${id}-note`} className={`w-full text-sm ${problem ? 'text-error' : ''}`} aria-live="polite">
        {problem ?? quantityPrice(product, wanted)}
      </p>
      {/* Always in the page, so what is put in it is announced. */}
      <p className={`w-full text-sm ${result?.ok === false ? 'text-error' : ''}`} role="status">
        {result ? `${result.text} ` : null}
        {result?.ok ? (
          <Link to="/cart" className="link font-medium">
            View your cart
          </Link>
        ) : null}
      </p>
    </form>
  );
}
