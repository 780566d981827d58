import { useState } from 'react';
import type { Order } from '@kestrel/shared';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatDollars } from '../../../lib/money';
import { useQueryString } from '../../../lib/use-query-string';
import { useAllOrders } from '../api/get-all-orders';
import { adminActions } from '../order-actions';
import { CancelOrderModal } from './cancel-order-modal';
import { DeliveredButton } from './delivered-button';
import { MarkPaidModal } from './mark-paid-modal';
import { OrderFacts } from './order-facts';
import { OrderLines } from './order-lines';
import { OrdersCsvExport } from './orders-csv-export';
import { ORDER_STATUSES, OrderHistory, statusLabel } from './order-status';
import { ShipOrderModal } from './ship-order-modal';

type Dialog = { kind: 'ship' | 'cancel' | 'mark-paid'; order: Order } | null;

/** The chosen status lives in the URL (?status=confirmed), so a reload or a shared link shows the same list. */
function useStatusFilter(): [Order['status'] | null, (status: Order['status'] | null) => void] {
  const [query, setQuery] = useQueryString();
  const wanted = query.get('status');
  const status = ORDER_STATUSES.find((s) => s === wanted) ?? null;
  const change = (next: Order['status'] | null) => {
    const params = new URLSearchParams(query);
    if (next) params.set('status', next);
    else params.delete('status');
    setQuery(params);
  };
  return [status, change];
}

function PaymentState({ order }: { order: Order }) {
  if (order.refunded) return <>Paid, refunded</>;
  if (order.paid) return <>Paid</>;
  return <>{order.paymentTerms === 'account' ? 'Unpaid (on account)' : 'Unpaid'}</>;
}

function OrderCard({ order, open }: { order: Order; open: (dialog: Dialog) => void }) {
  const allowed = adminActions(order);
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-1 p-5">
        <h2 className="card-title text-lg break-words">{order.itemName}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Quantity</dt>
          <dd className="tabular-nums">{order.quantity}</dd>
          <dt className="font-medium">Phone</dt>
          <dd>{order.phone}</dd>
          <dt className="font-medium">Address</dt>
          <dd className="break-words">{order.address}</dd>
          <dt className="font-medium">Customer</dt>
          <dd className="break-all">
            {order.userName} ({order.email})
          </dd>
          <dt className="font-medium">Total</dt>
          <dd className="tabular-nums">{formatDollars(order.price)}</dd>
          <dt className="font-medium">Payment</dt>
          <dd>
            <PaymentState order={order} />
          </dd>
        </dl>
        <OrderFacts order={order} />
        <OrderLines order={order} />
        <OrderHistory order={order} />
        {allowed.ship || allowed.deliver || allowed.cancel || allowed.markPaid ? (
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
        ) : null}
      </div>
    </li>
  );
}

export function ManageOrdersPage() {
  const [status, setStatus] = useStatusFilter();
  const { data, isPending, isError, error } = useAllOrders(status);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const showing = (kind: NonNullable<Dialog>['kind']) => (dialog?.kind === kind ? dialog.order : null);

  return (
    <>
      <PageTitle lead="Every order placed in the shop, oldest first.">Manage All Orders</PageTitle>
      <div className="mb-4 flex flex-wrap items-start gap-3">
        <div className="flex w-40 flex-col gap-1">
          <label htmlFor="order-status-filter" className="text-sm font-medium">
            Show orders
          </label>
          <select
            id="order-status-filter"
            className="h-9 w-full rounded-field border border-base-300 bg-base-100 px-2 text-sm"
            value={status ?? ''}
            onChange={(event) => setStatus(ORDER_STATUSES.find((s) => s === event.target.value) ?? null)}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <OrdersCsvExport status={status} />
      </div>
      {isPending ? <PageSpinner label="Loading orders" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data && data.length === 0 ? (
        <ListState>
          {status ? `No orders are ${statusLabel(status).toLowerCase()}.` : 'No orders have been placed yet.'}
        </ListState>
      ) : null}
      {data && data.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Orders">
          {data.map((order) => (
            <OrderCard key={order._id} order={order} open={setDialog} />
          ))}
        </ul>
      ) : null}
      <ShipOrderModal order={showing('ship')} onClose={close} />
      <MarkPaidModal order={showing('mark-paid')} onClose={close} />
      <CancelOrderModal order={showing('cancel')} onClose={close} />
    </>
  );
}
