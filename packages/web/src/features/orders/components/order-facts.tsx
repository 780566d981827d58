import { OPEN_ORDER_STATUSES, type Order } from '@kestrel/shared';
import { OrderDocuments } from './order-documents';
import { StatusBadge, formatTime } from './order-status';

/**
 * Where an order stands: status, PO, how long its stock is held, how it travels, why it ended, its documents and the
 * buyer's note. `besideDetails`: the order's own page, whose title and Details list already show the status, PO and
 * note, so they are not said twice (issue #47).
 */
export function OrderFacts({
  order,
  besideDetails = false,
  documentButtons = true,
}: {
  order: Order;
  besideDetails?: boolean;
  /** False where the page's actions offer the documents' downloads (the admin's order page). */
  documentButtons?: boolean;
}) {
  return (
    <div className="mt-1 flex flex-col gap-0.5 text-xs">
      {besideDetails ? null : (
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>
            Status: <StatusBadge status={order.status} />
          </span>
          {order.poNumber ? <span>PO: {order.poNumber}</span> : null}
        </span>
      )}
      {OPEN_ORDER_STATUSES.includes(order.status) && order.expiresAt ? (
        <span>
          Held until <time dateTime={order.expiresAt}>{formatTime(order.expiresAt)}</time>
        </span>
      ) : null}
      {order.carrier && order.trackingNumber ? (
        <span className="break-all">
          Shipped with {order.carrier}, tracking number <span className="font-mono">{order.trackingNumber}</span>
        </span>
      ) : null}
      {order.cancelReason ? <span className="break-words">Reason: {order.cancelReason}</span> : null}
      <OrderDocuments order={order} buttons={documentButtons} />
      {order.note && !besideDetails ? (
        <span className="break-words whitespace-pre-line">
          <span className="font-semibold">Note from the buyer:</span> {order.note}
        </span>
      ) : null}
    </div>
  );
}
