// What an administrator may do with an order (B2B §4): ship, record the delivery, mark an on-account order paid,
// cancel. Shared by Manage All Orders and the admin's order page; each opens its dialog through `open`.
import type { Order } from '@kestrel/shared';
import { useStaffPermissions } from '../../../lib/staff-permissions';
import { adminActions, refundedText } from '../order-actions';
import { DeliveredButton } from './delivered-button';
import { formatTime } from './order-status';

export type AdminDialog = { kind: 'ship' | 'cancel' | 'mark-paid'; order: Order } | null;

export function AdminOrderActions({ order, open }: { order: Order; open: (dialog: AdminDialog) => void }) {
  const allowed = adminActions(order, useStaffPermissions());
  if (!(allowed.ship || allowed.deliver || allowed.cancel || allowed.markPaid)) return null;
  return (
    <div className="card-actions mt-3">
      {allowed.ship ? (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-label={`Ship order of ${order.itemName}`}
          onClick={() => open({ kind: 'ship', order })}
        >
          Ship
        </button>
      ) : null}
      {allowed.deliver ? <DeliveredButton order={order} /> : null}
      {allowed.markPaid ? (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-label={`Mark order of ${order.itemName} paid`}
          onClick={() => open({ kind: 'mark-paid', order })}
        >
          Mark paid
        </button>
      ) : null}
      {allowed.cancel ? (
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm"
          aria-label={`Cancel order of ${order.itemName}`}
          onClick={() => open({ kind: 'cancel', order })}
        >
          Cancel order
        </button>
      ) : null}
    </div>
  );
}

/** Paid or not; once paid, when, and the reference an administrator recorded with it (issue 47). */
export function PaymentState({ order }: { order: Order }) {
  const refunded = refundedText(order);
  if (refunded) return <>{refunded}</>;
  if (order.paid) {
    return (
      <>
        Paid
        {order.paidAt ? (
          <>
            {' '}
            <time dateTime={order.paidAt}>{formatTime(order.paidAt)}</time>
          </>
        ) : null}
        {order.paidReference ? (
          <>
            , reference <span className="font-mono break-all">{order.paidReference}</span>
          </>
        ) : null}
      </>
    );
  }
  return <>{order.paymentTerms === 'account' ? 'Unpaid (on account)' : 'Unpaid'}</>;
}
