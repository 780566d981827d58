import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { deletedMessage, type Order } from '@kestrel/shared';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-store';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useDownloadInvoice } from '../api/download-invoice';
import { useMyOrders } from '../api/get-my-orders';
import { useReorder } from '../api/reorder';
import { buyerActions } from '../order-actions';
import { CancelOrderModal } from './cancel-order-modal';
import { DeleteOrderModal } from './delete-order-modal';
import { DeliveredButton } from './delivered-button';
import { OrderLines } from './order-lines';
import { OrdersCsvExport } from './orders-csv-export';
import { OrderFacts } from './order-facts';
import { OrderHistory, formatDay } from './order-status';

function PaymentCell({ order, onDelete }: { order: Order; onDelete: (order: Order) => void }) {
  const allowed = buyerActions(order);
  return (
    <div className="flex flex-col items-start gap-2">
      {order.paid ? (
        <div>
          <span className="badge badge-success">Paid</span>
          {order.refunded ? <span className="badge badge-neutral ml-1">Refunded</span> : null}
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

function InvoiceButton({ order, invoiceNumber }: { order: Order; invoiceNumber: string }) {
  const download = useDownloadInvoice();
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      aria-label={`Download invoice ${invoiceNumber} of ${order.itemName}`}
      disabled={download.isPending}
      onClick={() =>
        download.mutate({ orderId: order._id, invoiceNumber }, { onError: (error) => notify.error(error.message) })
      }
    >
      {download.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      Download invoice
    </button>
  );
}

/** Only the steps the order's status allows; the server refuses the others anyway (409). */
function OrderActions({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  const allowed = buyerActions(order);
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
      <ReorderButton order={order} />
    </div>
  );
}

export function MyOrdersPage() {
  const { user } = useAuth();
  const { data, isPending, isError, error } = useMyOrders(user?.email ?? '');
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);

  return (
    <>
      <PageTitle>My Order</PageTitle>
      {isPending ? <PageSpinner label="Loading your orders" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data && data.length === 0 ? <ListState>You have not placed any orders yet.</ListState> : null}
      {data && data.length > 0 ? (
        <>
          <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table">
              <caption className="sr-only">Your orders</caption>
              <thead className="text-base-content">
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Item name</th>
                  <th scope="col">Price</th>
                  <th scope="col">Payment</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.map((order, index) => (
                  <tr key={order._id}>
                    <th scope="row">{index + 1}</th>
                    <td>
                      {order.itemName}
                      <span className="block text-xs">{order.quantity} pc</span>
                      <OrderFacts order={order} />
                      <OrderLines order={order} />
                      <OrderHistory order={order} />
                    </td>
                    <td className="tabular-nums">{formatDollars(order.price)}</td>
                    <td>
                      <PaymentCell order={order} onDelete={setDeleting} />
                    </td>
                    <td>
                      <OrderActions order={order} onCancel={setCancelling} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-4">
            <OrdersCsvExport status={null} />
          </div>
        </>
      ) : null}
      <DeleteOrderModal
        order={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(order) => notify.success(deletedMessage(order.itemName))}
      />
      <CancelOrderModal order={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
