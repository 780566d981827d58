import { useEffect, useId, useRef, useState } from 'react';
import { nextPriceBreak, type CartLine, type Product } from '@kestrel/shared';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';
import { orderTermsOf } from '../../../lib/order-terms';
import { YourPrice } from '../../../components/ui/your-price';

interface CartLineRowProps {
  line: CartLine;
  product: Product | undefined;
  /** The refusal a checkout answered for this line, if any (it may be newer than the cart's own `problem`). */
  checkoutProblem: string | undefined;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/** How long typing may pause before the new quantity is sent: one request per edit, not per keystroke. */
const EDIT_DELAY_MS = 500;

export function CartLineRow({ line, product, checkoutProblem, busy, onQuantity, onRemove }: CartLineRowProps) {
  const id = useId();
  const [draft, setDraft] = useState(String(line.quantity));
  // The server's quantity wins once it answers (another tab, a reorder adding to this line).
  const [shown, setShown] = useState(line.quantity);
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setDraft(String(line.quantity));
  }
  // The latest callback, so a re-render of the page does not restart the pause.
  const send = useRef(onQuantity);
  useEffect(() => {
    send.current = onQuantity;
  });
  useEffect(() => {
    const wanted = Number(draft);
    if (draft === '' || !Number.isInteger(wanted) || wanted < 1 || wanted === line.quantity) return;
    const timer = setTimeout(() => send.current(wanted), EDIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, line.quantity]);

  const problem = checkoutProblem ?? line.problem;
  // The next break only where it beats what this line costs now: the server's unit price, a contract price included.
  const next = product
    ? nextPriceBreak(orderTermsOf(product).priceBreaks, line.quantity, Math.round(line.unitPrice * 100))
    : null;
  return (
    <tr aria-labelledby={`${id}-name`} data-sku={line.sku}>
      <td className="font-mono text-xs break-all" data-label="SKU">
        {line.sku}
      </td>
      <td data-label="Product">
        <span id={`${id}-name`} className="font-medium">
          {line.name}
        </span>
        {problem ? (
          <p className="text-sm text-error" role="status" id={`${id}-problem`}>
            {problem}
          </p>
        ) : null}
        {next ? (
          <p className="text-xs">
            {formatDollars(next.priceCents / 100)} each from {formatCount(next.minQuantity)}
          </p>
        ) : null}
      </td>
      <td data-label="Quantity">
        <label htmlFor={`${id}-qty`} className="sr-only">
          Quantity of {line.name}
        </label>
        <input
          id={`${id}-qty`}
          type="number"
          inputMode="numeric"
          className={`input input-sm w-28 tabular-nums ${problem ? 'input-error' : ''}`}
          min={product?.quantity ?? 1}
          step={product?.packSize ?? 1}
          value={draft}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => {
            const wanted = Number(draft);
            if (Number.isInteger(wanted) && wanted >= 1 && wanted !== line.quantity) onQuantity(wanted);
          }}
        />
      </td>
      <td className="text-right tabular-nums" data-label="Unit price">
        {formatDollars(line.unitPrice)}
        {line.listPrice === undefined ? null : (
          <YourPrice listPrice={line.listPrice} contractPrice={line.contractPrice} />
        )}
      </td>
      <td className="text-right font-medium tabular-nums" data-label="Line total">
        {formatDollars(line.lineTotal)}
      </td>
      <td>
        <button
          type="button"
          className="btn btn-ghost btn-sm text-error"
          aria-label={`Remove ${line.name}`}
          disabled={busy}
          onClick={onRemove}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}
