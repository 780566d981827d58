import type { Order } from '@kestrel/shared';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';

/** An order's lines as B2B §3 lists them: SKU, name, quantity, unit price and line total. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-xs" aria-label={`Lines of the order of ${order.itemName}`}>
      {order.lines.map((line, index) => (
        <li key={`${line.sku}-${index}`} className="break-words">
          <span className="font-mono">{line.sku}</span> {line.name}: {formatCount(line.quantity)} ×{' '}
          {formatDollars(line.unitPrice)} = {formatDollars(line.lineTotal)}
        </li>
      ))}
    </ul>
  );
}
