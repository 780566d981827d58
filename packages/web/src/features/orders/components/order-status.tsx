import type { Order } from '@kestrel/shared';

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
};

export function statusLabel(status: Order['status']): string {
  return STATUS_LABELS[status];
}

export function StatusBadge({ status }: { status: Order['status'] }) {
  return <span className={`badge badge-sm whitespace-nowrap ${STATUS_TONES[status]}`}>{statusLabel(status)}</span>;
}

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
// A due date is a calendar day; read in UTC it never slips to the day before west of Greenwich.
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A moment as a buyer reads it, in their own time zone ("Nov 24, 2026, 9:15 AM"). */
export function formatTime(iso: string): string {
  return time.format(new Date(iso));
}

/** A due date: a day, not a moment. */
export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}

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
