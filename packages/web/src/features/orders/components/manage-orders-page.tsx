import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '@kestrel/shared';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatDollars } from '../../../lib/money';
import { useOrderSearch } from '../api/search-orders';
import { orderSearchString, ORDER_LIST_PAGE_SIZE } from '../order-view';
import { AdminOrderActions, PaymentState, type AdminDialog } from './admin-order-actions';
import { CancelOrderModal } from './cancel-order-modal';
import { MarkPaidModal } from './mark-paid-modal';
import { OrderFacts } from './order-facts';
import { ShipToRow } from './ship-to-row';
import { OrderLines } from './order-lines';
import { DESK_SEARCH_HINT, OrderListControls, OrderPager, useOrderView } from './order-list-controls';
import { OrdersCsvExport } from './orders-csv-export';
import { OrderHistory, statusLabel } from './order-status';
import { ShipOrderModal } from './ship-order-modal';

function OrderCard({ order, open }: { order: Order; open: (dialog: AdminDialog) => void }) {
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-1 p-5">
        <h2 className="card-title text-lg break-words">{order.itemName}</h2>
        <Link
          to={`/dashboard/manage-orders/${order._id}`}
          className="link link-primary font-mono text-sm"
          aria-label={`Open order ${order.number}`}
        >
          {order.number}
        </Link>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Quantity</dt>
          <dd className="tabular-nums">{order.quantity}</dd>
          <dt className="font-medium">Phone</dt>
          <dd>{order.phone}</dd>
          <ShipToRow order={order} />
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
        <AdminOrderActions order={order} open={open} />
      </div>
    </li>
  );
}

export function ManageOrdersPage() {
  const [view, changeView] = useOrderView();
  const { data, isPending, isError, error, isPlaceholderData } = useOrderSearch(orderSearchString(view));
  const [dialog, setDialog] = useState<AdminDialog>(null);
  const close = () => setDialog(null);
  const showing = (kind: NonNullable<AdminDialog>['kind']) => (dialog?.kind === kind ? dialog.order : null);

  return (
    <>
      <PageTitle lead="Every order placed in the shop, newest first: search by order number, PO number, customer or SKU.">
        Manage All Orders
      </PageTitle>
      <div className="mb-4 flex flex-col gap-3">
        <OrderListControls view={view} onChange={changeView} hint={DESK_SEARCH_HINT} />
        <OrdersCsvExport status={view.status} />
      </div>
      {isPending ? <PageSpinner label="Loading orders" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data && data.total === 0 ? (
        <ListState>
          {view.q
            ? `No orders match “${view.q}”.`
            : view.status
              ? `No orders are ${statusLabel(view.status).toLowerCase()}.`
              : 'No orders have been placed yet.'}
        </ListState>
      ) : null}
      {data && data.total > 0 ? (
        <>
          {data.items.length === 0 ? <ListState>This page is past the last order.</ListState> : null}
          <ul
            className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-3 ${isPlaceholderData ? 'opacity-60' : ''}`}
            aria-label="Orders"
            aria-busy={isPlaceholderData}
          >
            {data.items.map((order) => (
              <OrderCard key={order._id} order={order} open={setDialog} />
            ))}
          </ul>
          <OrderPager
            page={data.page}
            pageSize={ORDER_LIST_PAGE_SIZE}
            total={data.total}
            onPage={(page) => changeView({ page })}
          />
        </>
      ) : null}
      <ShipOrderModal order={showing('ship')} onClose={close} />
      <MarkPaidModal order={showing('mark-paid')} onClose={close} />
      <CancelOrderModal order={showing('cancel')} onClose={close} />
    </>
  );
}
