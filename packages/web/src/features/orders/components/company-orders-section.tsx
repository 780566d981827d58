// The company's orders on the company page (B2B §5; app/dashboard/company-page.tsx composes it): every member's, newest first, each linking to its order page, with who
// ordered it and whether it is paid or when it is due. Ten show at first; older ones are one click (or My Order's
// search, which covers the company's orders) away. On a phone the rows stack as cards.
import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '@kestrel/shared';
import { ListState } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { formatDollars } from '../../../lib/money';
import { COMPANY_PAGE_ORDERS, useCompanyOrders } from '../api/get-company-orders';
import { refundedText } from '../order-actions';
import { StatusBadge, formatDay, formatTime } from './order-status';

const FIRST_ROWS = 10;
const cell = 'max-md:block max-md:px-4 max-md:py-1 max-md:before:font-medium max-md:before:content-[attr(data-label)]';

/** Paid, refunded (in part), due on account, or what it still waits for. */
export function paymentText(order: Order): string {
  const refunded = refundedText(order);
  if (refunded) return refunded;
  if (order.paid) return 'Paid';
  if (order.paymentTerms === 'account') {
    return order.dueDate ? `On account, due ${formatDay(order.dueDate)}` : 'On account';
  }
  return order.status === 'pending' || order.status === 'awaiting_approval' ? 'Not paid yet' : 'Not paid';
}

export function CompanyOrdersSection() {
  const { data, isPending, isError, error } = useCompanyOrders();
  const [all, setAll] = useState(false);
  const shown = data ? (all ? data : data.slice(0, FIRST_ROWS)) : [];
  return (
    <section aria-labelledby="company-orders-title" className="flex flex-col gap-3">
      <h2 id="company-orders-title" className="text-xl font-semibold">
        Company orders
      </h2>
      {isPending ? <Spinner label="Loading the company's orders" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data?.length === 0 ? <ListState>Nobody in the company has ordered yet.</ListState> : null}
      {data && data.length > 0 ? (
        <>
          <div className="rounded-box border border-base-300 bg-base-100 md:overflow-x-auto">
            <table className="table max-md:block">
              <caption className="sr-only">The company&apos;s orders, newest first</caption>
              <thead className="text-base-content max-md:sr-only">
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Ordered by</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="text-right">
                    Total
                  </th>
                  <th scope="col">Payment</th>
                </tr>
              </thead>
              <tbody className="max-md:block">
                {shown.map((order) => (
                  <tr key={order._id} className="max-md:block max-md:border-b max-md:border-base-300 max-md:py-2">
                    <th scope="row" className={`font-normal ${cell}`}>
                      <Link
                        to={`/dashboard/orders/${encodeURIComponent(order._id)}`}
                        className="link link-primary font-mono text-sm"
                        aria-label={`Open order ${order.number}`}
                      >
                        {order.number}
                      </Link>
                      <span className="block break-words text-sm">{order.itemName}</span>
                      {order.poNumber ? <span className="block text-xs">PO: {order.poNumber}</span> : null}
                    </th>
                    <td className={cell} data-label="Placed: ">
                      <time dateTime={order.createdAt}>{formatTime(order.createdAt)}</time>
                    </td>
                    <td className={`break-words ${cell}`} data-label="Ordered by: ">
                      {order.userName}
                    </td>
                    <td className={cell} data-label="Status: ">
                      <StatusBadge status={order.status} />
                    </td>
                    <td className={`tabular-nums md:text-right ${cell}`} data-label="Total: ">
                      {formatDollars(order.price)}
                    </td>
                    <td className={cell} data-label="Payment: ">
                      {paymentText(order)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="flex flex-wrap items-center gap-3 text-sm">
            {!all && data.length > FIRST_ROWS ? (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setAll(true)}>
                Show all {data.length} orders
              </button>
            ) : null}
            <span>
              {data.length >= COMPANY_PAGE_ORDERS ? `These are the newest ${COMPANY_PAGE_ORDERS}. ` : ''}
              <Link to="/dashboard/myorder" className="link">
                Search every order in My Order
              </Link>{' '}
              (yours and the company&apos;s).
            </span>
          </p>
        </>
      ) : null}
    </section>
  );
}
