// What a buyer may do with an order (docs/product.md §20): pay or delete it unpaid, cancel it while it waits, record
// its delivery, download its invoice, order it again. Shared by My Order and the buyer's order page.
import { Link, useNavigate } from 'react-router';
import type { Order } from '@kestrel/shared';
import { useOrderingRefusal } from '../../../lib/company-role';
import { notify } from '../../../lib/notify';
import { useReorder } from '../api/reorder';
import { buyerActions, refundState } from '../order-actions';
import { DeliveredButton } from './delivered-button';
import { InvoiceButton } from './order-documents';
import { formatDay } from './order-status';

export function PaymentCell({ order, onDelete }: { order: Order; onDelete: (order: Order) => void }) {
  const allowed = buyerActions(order, useOrderingRefusal() === null);
  return (
    <div className="flex flex-col items-start gap-2">
      {order.paid ? (
        <div>
          <span className="badge badge-success">Paid</span>
          {refundState(order) ? (
            <span className="badge badge-neutral ml-1">
              {refundState(order) === 'part' ? 'Partly refunded' : 'Refunded'}
            </span>
          ) : null}
          {order.transactionId ? (
            <p className="mt-1 break-all text-xs">
              Transaction id: <span className="font-mono">{order.transactionId}</span>
            </p>
          ) : null}
        </div>
      ) : null}
      {!order.paid && order.paymentTerms === 'account' ? (
        <p className="text-xs">On account{order.dueDate ? `, due ${formatDay(order.dueDate)}` : ''}</p>
      ) : null}
      {allowed.pay || allowed.delete ? (
        <div className="flex flex-wrap gap-2">
          {allowed.pay ? (
            <Link
              to={`/dashboard/payment/${order._id}`}
              className="btn btn-primary btn-sm"
              aria-label={`pay for ${order.itemName}`}
            >
              pay
            </Link>
          ) : null}
          {allowed.delete ? (
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              aria-label={`Delete order of ${order.itemName}`}
              onClick={() => onDelete(order)}
            >
              Delete
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Puts the order's lines in the cart at today's prices and opens the cart, which lists any line that is gone. */
function ReorderButton({ order }: { order: Order }) {
  const reorder = useReorder();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      aria-label={`Reorder ${order.itemName}`}
      disabled={reorder.isPending}
      onClick={() =>
        reorder.mutate(order._id, {
          onSuccess: ({ rejected }) => {
            notify.success("The order is in your cart again, at today's prices");
            void navigate('/cart', { state: { rejected } });
          },
          onError: (error) => notify.error(error.message),
        })
      }
    >
      Reorder
    </button>
  );
}

/** Only the steps the order's status allows; the server refuses the others anyway (409). */
export function BuyerOrderActions({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  // A viewer keeps the invoice (reading) and is offered nothing the server would refuse, Reorder included.
  const mayAct = useOrderingRefusal() === null;
  const allowed = buyerActions(order, mayAct);
  return (
    <div className="flex flex-wrap gap-2">
      {allowed.cancel ? (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-label={`Cancel order of ${order.itemName}`}
          onClick={() => onCancel(order)}
        >
          Cancel order
        </button>
      ) : null}
      {allowed.deliver ? <DeliveredButton order={order} /> : null}
      {order.invoiceNumber ? <InvoiceButton order={order} invoiceNumber={order.invoiceNumber} /> : null}
      {mayAct ? <ReorderButton order={order} /> : null}
    </div>
  );
}
