import { useCart } from '../api/get-cart';

/** The number of lines in the cart, beside the navbar's Cart link; loaded on its own for signed-in visitors only. */
export function CartBadge() {
  const { data } = useCart();
  const count = data?.lines.length ?? 0;
  if (count === 0) return null;
  return (
    <span className="badge badge-primary badge-sm ml-1">
      <span className="sr-only">&nbsp;</span>
      {count}
      <span className="sr-only"> {count === 1 ? 'line' : 'lines'}</span>
    </span>
  );
}
