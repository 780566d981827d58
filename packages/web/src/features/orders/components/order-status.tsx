import type { Order } from '@kestrel/shared';
import { formatTime } from '../../../lib/date-time';

const STATUS_LABELS: Record<Order['status'], string> = {
  pending: 'Pending payment',
  awaiting_approval: 'Awaiting approval',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
  rejected: 'Rejected',
  partially_shipped: 'Partly shipped',
};

/** Every status in lifecycle order, for the admin's choice of which orders to list. */
export { ORDER_STATUSES } from '@kestrel/shared';

// The word carries the meaning; the colour only groups it (waiting, under way, done, ended). Badge styles the shop
// already uses, so the one stylesheet every page loads stays the same size (ADR 003).
const STATUS_TONES: Record<Order['status'], string> = {
  pending: 'badge-outline',
  awaiting_approval: 'badge-outline',
  confirmed: 'badge-primary',
  shipped: 'badge-primary',
  delivered: 'badge-success',
  cancelled: 'badge-neutral',
  expired: 'badge-neutral',
  rejected: 'badge-neutral',
  partially_shipped: 'badge-primary',
};

export function statusLabel(status: Order['status']): string {
  return STATUS_LABELS[status];
}

export function StatusBadge({ status }: { status: Order['status'] }) {
  return <span className={`badge badge-sm whitespace-nowrap ${STATUS_TONES[status]}`}>{statusLabel(status)}</span>;
}

// One way to write moments and days across the storefront (lib/date-time), under the names order screens import.
export { formatDay, formatTime } from '../../../lib/date-time';
/** Each status the order went through, with when; folded away until asked for. */
export function OrderHistory({ order }: { order: Order }) {
  if (order.statusHistory.length === 0) return null;
  return (
    <details className="mt-1 text-xs">
      <summary>History ({order.statusHistory.length})</summary>
      <ol className="mt-1 flex flex-col gap-0.5 pl-5">
        {order.statusHistory.map((step, index) => (
          <li key={`${step.status}-${index}`}>
            {statusLabel(step.status)}: <time dateTime={step.at}>{formatTime(step.at)}</time>
          </li>
        ))}
      </ol>
    </details>
  );
}
