import type { CompanyAccount } from '@kestrel/shared';
import { Link } from 'react-router';
import { formatDollars } from '../../../lib/money';
import { paymentTermsLabels, useCompanyAccount } from '../../../lib/company-account';

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );

/**
 * The company's account (issue #25): its terms, credit, open balance and the unpaid on-account orders with their due
 * dates, overdue ones marked. A section of the company page (features/companies).
 */
export function CompanyAccountSection() {
  const { data: account, isPending, error } = useCompanyAccount();
  if (isPending) return <p>Loading the account…</p>;
  if (error) return <p role="alert">{error.message}</p>;
  if (!account) return <p>You are not in a company account.</p>;
  return <CompanyAccountView account={account} orderHref={(id) => `/dashboard/orders/${encodeURIComponent(id)}`} />;
}

/**
 * An account as GET /api/company/account or the admin's GET /api/admin/companies/{id}/balance answers it; each order
 * links to `orderHref` (the buyer's order page, or the admin's where mark-paid is).
 */
export function CompanyAccountView({
  account,
  orderHref,
  overdueNote = 'no new order on account until paid.',
}: {
  account: CompanyAccount;
  orderHref: (orderId: string) => string;
  overdueNote?: string;
}) {
  return (
    <section aria-labelledby="company-account-title" className="flex flex-col gap-3">
      <h2 id="company-account-title" className="text-xl font-semibold">
        Account and balance
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <dt className="text-sm">Terms</dt>
        <dd className="font-medium">{paymentTermsLabels[account.paymentTerms]}</dd>
        <dt className="text-sm">Open balance</dt>
        <dd className="font-medium">{formatDollars(account.balance)}</dd>
        <dt className="text-sm">Credit limit</dt>
        <dd className="font-medium">{account.creditLimit === null ? 'None' : formatDollars(account.creditLimit)}</dd>
        <dt className="text-sm">Available</dt>
        <dd className="font-medium">{account.available === null ? 'Unlimited' : formatDollars(account.available)}</dd>
      </dl>
      {account.overdueCount > 0 ? (
        <p role="alert" className="font-medium text-error">
          {account.overdueCount} overdue {account.overdueCount === 1 ? 'order' : 'orders'} (
          {formatDollars(account.overdueAmount)}): {overdueNote}
        </p>
      ) : null}
      {account.openOrders.length === 0 ? (
        <p>No unpaid orders on account.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <caption className="text-left">Unpaid orders on account</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Invoice</th>
                <th scope="col">Amount</th>
                <th scope="col">Due</th>
              </tr>
            </thead>
            <tbody>
              {account.openOrders.map((o) => (
                <tr key={o._id}>
                  <td>
                    <Link className="link" to={orderHref(o._id)}>
                      {o.number}
                    </Link>
                  </td>
                  <td>{o.invoiceNumber ?? '—'}</td>
                  <td>{formatDollars(o.amount)}</td>
                  <td>
                    {o.dueDate ? day(o.dueDate) : 'Awaiting approval'}
                    {o.overdue ? <span className="badge badge-error ml-2">Overdue</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
