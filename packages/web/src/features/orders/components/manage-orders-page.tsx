import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAllOrders } from '../api/get-all-orders';
import { OrderLines, statusLabel } from './order-lines';

export function ManageOrdersPage() {
  const { data, isPending, isError, error } = useAllOrders();
  return (
    <>
      <PageTitle lead="Every order placed in the shop, oldest first.">Manage All Orders</PageTitle>
      {isPending ? <PageSpinner label="Loading orders" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data && data.length === 0 ? <ListState>No orders have been placed yet.</ListState> : null}
      {data && data.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.map((order) => (
            <li key={order._id} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body gap-1 p-5">
                <h2 className="card-title text-lg">{order.itemName}</h2>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="font-medium">Quantity</dt>
                  <dd className="tabular-nums">{order.quantity}</dd>
                  <dt className="font-medium">Phone</dt>
                  <dd>{order.phone}</dd>
                  <dt className="font-medium">Address</dt>
                  <dd className="break-words">{order.address}</dd>
                  <dt className="font-medium">Customer</dt>
                  <dd className="break-all">{order.email}</dd>
                  <dt className="font-medium">Status</dt>
                  <dd>{order.paid ? 'Paid' : 'Unpaid'}</dd>
                  <dt className="font-medium">Order</dt>
                  <dd>{statusLabel(order.status)}</dd>
                  <dt className="font-medium">PO number</dt>
                  <dd className="break-all">{order.poNumber ?? '—'}</dd>
                </dl>
                <OrderLines order={order} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
