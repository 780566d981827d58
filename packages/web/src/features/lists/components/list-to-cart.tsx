// "Add all to cart" (POST /api/lists/{id}/to-cart, B2B §16): the whole list or the ticked lines, at today's prices;
// the lines the cart refused (deleted products) are named, and a cart that would pass its 100 lines is explained
// (nothing was added: order a long list in parts, ticking the lines of each part).
import { useState } from 'react';
import { Link } from 'react-router';
import { MAX_ORDER_LINES, type List } from '@kestrel/shared';
import { ApiRequestError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/count';
import { useListToCart } from '../api/list-to-cart';

interface Said {
  ok: boolean;
  text: string;
  refused: string[];
  full?: boolean;
}

interface ListToCartProps {
  list: List;
  selected: ReadonlySet<string>;
  onSelectAll: () => void;
  onClear: () => void;
  /** Why adding waits (unsaved changes), or null. */
  blocked: string | null;
}

export function ListToCart({ list, selected, onSelectAll, onClear, blocked }: ListToCartProps) {
  const toCart = useListToCart();
  const [said, setSaid] = useState<Said | null>(null);
  const names = new Map(list.lines.map((line) => [line.sku, line.name]));

  const send = (productIds: string[] | null) => {
    setSaid(null);
    const asked = productIds?.length ?? list.lines.length;
    toCart.mutate(
      { listId: list._id, body: productIds ? { productIds } : {} },
      {
        onSuccess: (cart) => {
          const refused = cart.rejected.map(
            (line) => `${line.sku}${names.has(line.sku) ? ` (${names.get(line.sku)})` : ''}: ${line.message}`,
          );
          const added = asked - cart.rejected.length;
          setSaid({
            ok: true,
            text: `Added ${formatCount(added)} ${added === 1 ? 'line' : 'lines'} to your cart; it has ${formatCount(cart.lines.length)} now.`,
            refused,
          });
        },
        onError: (error) => {
          const full = error instanceof ApiRequestError && error.code === 'cart_full';
          setSaid({
            ok: false,
            full,
            refused: [],
            text: full
              ? `${error.message}, so nothing was added: order a long list in parts. Tick the lines of the first part (your cart has room for ${MAX_ORDER_LINES} lines in all), add them and check out, then the next.`
              : error.message,
          });
        },
      },
    );
  };

  const count = selected.size;
  return (
    <section aria-labelledby="to-cart-title" className="rounded-box border border-base-300 bg-base-100 p-6">
      <h2 id="to-cart-title" className="text-lg font-semibold">
        Order from this list
      </h2>
      <p className="mt-1 text-sm">
        The lines go to your cart at today&apos;s prices; quantities of a product already in it add up.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={toCart.isPending || blocked !== null || list.lines.length === 0}
          onClick={() => send(null)}
        >
          Add all to cart
        </button>
        <button
          type="button"
          className="btn btn-outline btn-primary"
          disabled={toCart.isPending || blocked !== null || count === 0}
          onClick={() => send([...selected])}
        >
          Add selected to cart ({formatCount(count)})
        </button>
        <button type="button" className="btn btn-ghost" onClick={count === list.lines.length ? onClear : onSelectAll}>
          {count === list.lines.length && count > 0 ? 'Clear the ticks' : 'Tick every line'}
        </button>
      </div>
      {blocked ? <p className="mt-2 text-sm">{blocked}</p> : null}
      {/* Always in the page, so the outcome is announced. */}
      <div role="status" className="mt-3 text-sm">
        {said ? (
          <>
            <p className={said.ok ? '' : 'text-error'} data-testid="to-cart-outcome">
              {said.text}
            </p>
            {said.refused.length > 0 ? (
              <>
                <p className="mt-2 font-semibold text-error">Not added:</p>
                <ul className="list-disc pl-5">
                  {said.refused.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              </>
            ) : null}
            {said.ok ? (
              <p className="mt-2">
                <Link to="/cart" className="link font-medium">
                  View your cart
                </Link>
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
