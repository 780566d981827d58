import type { Order } from '@kestrel/shared';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';

const STATUS_LABELS: Record<Order['status'], string> = {
  pending: 'Pending payment',
  awaiting_approval: 'Awaiting approval',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
  rejected: 'Rejected',
};

export function statusLabel(status: Order['status']): string {
  return STATUS_LABELS[status];
}

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
