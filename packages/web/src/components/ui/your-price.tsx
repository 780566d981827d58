import { formatDollars } from '../../lib/money';

/**
 * A company member's contract price beside the list price (B2B §5): shown only when the API sent one, which it does
 * to members of a company with a contract price for this product. The unit price charged is the lower of it and the
 * price break that applies, so a volume price can still be lower.
 */
export function YourPrice({ listPrice, contractPrice }: { listPrice: number; contractPrice?: number | undefined }) {
  if (contractPrice === undefined) return null;
  return (
    <p className="text-sm" data-testid="your-price">
      <span className="badge badge-success badge-sm mr-1">Your price</span>
      <strong className="tabular-nums">{formatDollars(contractPrice)}</strong>
      <span className="ml-1">
        (list <s className="tabular-nums">{formatDollars(listPrice)}</s>)
      </span>
    </p>
  );
}
