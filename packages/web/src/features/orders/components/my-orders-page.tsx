import { useState } from 'react';
import { Link } from 'react-router';
import { deletedMessage, type Order } from '@kestrel/shared';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useOrderingRefusal } from '../../../lib/company-role';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useOrderSearch } from '../api/search-orders';
import { orderSearchString, ORDER_LIST_PAGE_SIZE } from '../order-view';
import { BuyerOrderActions, PaymentCell } from './buyer-order-actions';
import { CancelOrderModal } from './cancel-order-modal';
import { DeleteOrderModal } from './delete-order-modal';
import { OrderLines } from './order-lines';
import { OrderListControls, OrderPager, useOrderView } from './order-list-controls';
import { OrdersCsvExport } from './orders-csv-export';
import { OrderFacts } from './order-facts';
import { OrderHistory } from './order-status';
import { taxBreakdown } from '../../../lib/tax-label';

// Below the md breakpoint the table lays its rows out as cards: every cell, its actions included, stays on screen
// instead of scrolling sideways out of sight. Each cell names its column for that layout (data-label).
const cell = 'max-md:block max-md:px-4 max-md:py-1 max-md:before:font-medium max-md:before:content-[attr(data-label)]';

export function MyOrdersPage() {
  const [view, changeView] = useOrderView();
  const { data, isPending, isError, error, isPlaceholderData } = useOrderSearch(orderSearchString(view));
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const firstRow = (view.page - 1) * ORDER_LIST_PAGE_SIZE;
  const refusal = useOrderingRefusal();

  return (
    <>
      <PageTitle>My Order</PageTitle>
      {refusal ? <p className="-mt-2 mb-4 text-sm">{refusal}</p> : null}
      <div className="mb-4">
        <OrderListControls view={view} onChange={changeView} />
      </div>
      {isPending ? <PageSpinner label="Loading your orders" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data && data.total === 0 ? (
        <ListState>
          {view.q || view.status ? 'No orders match this search.' : 'You have not placed any orders yet.'}
        </ListState>
      ) : null}
      {data && data.total > 0 ? (
        <>
          <div
            className={`rounded-box border border-base-300 bg-base-100 md:overflow-x-auto ${isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={isPlaceholderData}
          >
            <table className="table max-md:block">
              <caption className="sr-only">Your orders</caption>
              <thead className="text-base-content max-md:sr-only">
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
              <tbody className="max-md:block">
                {data.items.map((order, index) => (
                  <tr key={order._id} className="max-md:block max-md:border-b max-md:border-base-300 max-md:py-2">
                    <th scope="row" className={cell} data-label="# ">
                      {firstRow + index + 1}
                    </th>
                    <td className={cell}>
                      <Link
                        to={`/dashboard/orders/${order._id}`}
                        className="link link-primary font-mono text-sm"
                        aria-label={`Open order ${order.number}`}
                      >
                        {order.number}
                      </Link>
                      <span className="block">{order.itemName}</span>
                      <span className="block text-xs">{order.quantity} pc</span>
                      <OrderFacts order={order} />
                      <OrderLines order={order} />
                      <OrderHistory order={order} />
                    </td>
                    <td className={`tabular-nums ${cell}`} data-label="Price: ">
                      {formatDollars(order.price)}
                      {/* B2B §13: what the price is made of, when the order carries a tax or a reason for none. */}
                      {taxBreakdown(order) ? <span className="block text-xs">{taxBreakdown(order)}</span> : null}
                    </td>
                    <td className={cell}>
                      <PaymentCell order={order} onDelete={setDeleting} />
                    </td>
                    <td className={cell}>
                      <BuyerOrderActions order={order} onCancel={setCancelling} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <OrderPager
            page={data.page}
            pageSize={ORDER_LIST_PAGE_SIZE}
            total={data.total}
            onPage={(page) => changeView({ page })}
          />
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
