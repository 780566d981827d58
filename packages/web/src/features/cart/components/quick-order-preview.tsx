import { cartAddProblem, orderingMessages, quantityProblem, unitPriceCents, type Product } from '@kestrel/shared';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';
import { orderTermsOf } from '../../../lib/order-terms';
import type { ParsedLine } from '../parse-order-lines';
import { contractCentsOf } from '../../../lib/contract-price';
import { LineTable } from '../../../components/ui/line-table';

interface Lookup {
  found: Map<string, Product | null>;
  failed: Map<string, string>;
}

type Resolved =
  | { kind: 'refused'; reason: string }
  | { kind: 'checking' }
  | {
      kind: 'resolved';
      product: Product;
      quantity: number;
      unitCents: number;
      /** Why the line stays out of the cart (the product's terms), as the server's quick order refuses it. */
      notAdded: string | null;
      /** Why the cart will hold it with a problem (today's stock). */
      problem: string | null;
    };

function resolve(line: ParsedLine, { found, failed }: Lookup): Resolved {
  if (line.problem !== null || line.quantity === null) return { kind: 'refused', reason: line.problem ?? '' };
  const failure = failed.get(line.sku);
  if (failure) return { kind: 'refused', reason: failure };
  const product = found.get(line.sku);
  if (product === undefined) return { kind: 'checking' };
  if (product === null) return { kind: 'refused', reason: orderingMessages.unknownSku };
  const terms = orderTermsOf(product);
  return {
    kind: 'resolved',
    product,
    quantity: line.quantity,
    unitCents: unitPriceCents(terms, line.quantity, contractCentsOf(product)),
    notAdded: cartAddProblem(terms, line.quantity),
    problem: quantityProblem(terms, line.quantity),
  };
}

/**
 * A line the product's own terms refuse (below the minimum, above the maximum, not whole packs) stays out of the cart:
 * no stock change can mend it, unlike a quantity above today's stock, which the cart keeps with its problem. The rule
 * is the server's (cartAddProblem): the API refuses the same lines (issue #47).
 */
export function notAdded(product: Product, quantity: number): string | null {
  return cartAddProblem(orderTermsOf(product), quantity);
}

/** Every pasted line as it will go to the cart: the product and its price, or why it is refused. */
export function QuickOrderPreview({ lines, lookup }: { lines: ParsedLine[]; lookup: Lookup }) {
  if (lines.length === 0) return <p className="text-sm">Your lines appear here as you type them.</p>;
  return (
    <LineTable
      label="Resolved lines"
      caption="Your lines, resolved"
      boxed
      compact
      columns={[
        { label: 'Line' },
        { label: 'SKU' },
        { label: 'Product' },
        { label: 'Quantity', numeric: true },
        { label: 'Unit price', numeric: true },
        { label: 'Line total', numeric: true },
      ]}
    >
      <tbody>
        {lines.map((line) => {
          const result = resolve(line, lookup);
          return (
            <tr key={line.line} data-line={line.line}>
              <th scope="row" className="tabular-nums" data-label="Line">
                {line.line}
              </th>
              <td className="font-mono text-xs break-all" data-label="SKU">
                {line.sku || line.text}
              </td>
              {result.kind === 'resolved' ? (
                <>
                  <td data-label="Product">
                    {result.product.name}
                    {result.notAdded || result.problem ? (
                      <span className="block text-sm text-error">
                        {result.notAdded ? `Not added: ${result.notAdded}` : result.problem}
                      </span>
                    ) : null}
                  </td>
                  <td className="text-right tabular-nums" data-label="Quantity">
                    {formatCount(result.quantity)}
                  </td>
                  <td className="text-right tabular-nums" data-label="Unit price">
                    {formatDollars(result.unitCents / 100)}
                  </td>
                  <td className="text-right tabular-nums" data-label="Line total">
                    {formatDollars((result.unitCents * result.quantity) / 100)}
                  </td>
                </>
              ) : (
                <td colSpan={4} className={result.kind === 'refused' ? 'text-error' : ''}>
                  {result.kind === 'refused' ? `Refused: ${result.reason}` : 'Checking…'}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </LineTable>
  );
}
