import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { deletedMessage, type Order } from '@kestrel/shared';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-store';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useMyOrders } from '../api/get-my-orders';
import { useReorder } from '../api/reorder';
import { DeleteOrderModal } from './delete-order-modal';
import { OrderLines, statusLabel } from './order-lines';

function PaymentCell({ order, onDelete }: { order: Order; onDelete: (order: Order) => void }) {
  if (order.paid) {
    return (
      <div>
        <span className="badge badge-success">Paid</span>
        <p className="mt-1 break-all text-xs">
          Transaction id: <span className="font-mono">{order.transactionId}</span>
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={`/dashboard/payment/${order._id}`}
        className="btn btn-primary btn-sm"
        aria-label={`pay for ${order.itemName}`}
      >
        pay
      </Link>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        aria-label={`Delete order of ${order.itemName}`}
        onClick={() => onDelete(order)}
      >
        Delete
      </button>
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

export function MyOrdersPage() {
  const { user } = useAuth();
  const { data, isPending, isError, error } = useMyOrders(user?.email ?? '');
  const [deleting, setDeleting] = useState<Order | null>(null);

  return (
    <>
      <PageTitle>My Order</PageTitle>
      {isPending ? <PageSpinner label="Loading your orders" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data && data.length === 0 ? <ListState>You have not placed any orders yet.</ListState> : null}
      {data && data.length > 0 ? (
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
                  <span className="sr-only">Order again</span>
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
                    <span className="mt-1 flex flex-wrap gap-x-3 text-xs">
                      <span>Status: {statusLabel(order.status)}</span>
                      {order.poNumber ? <span>PO: {order.poNumber}</span> : null}
                    </span>
                    <OrderLines order={order} />
                  </td>
                  <td className="tabular-nums">{formatDollars(order.price)}</td>
                  <td>
                    <PaymentCell order={order} onDelete={setDeleting} />
                  </td>
                  <td>
                    <ReorderButton order={order} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <DeleteOrderModal
        order={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(order) => notify.success(deletedMessage(order.itemName))}
      />
    </>
  );
}
