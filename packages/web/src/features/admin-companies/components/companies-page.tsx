// The administrator's Companies page (B2B §5): every company with its terms, credit limit, open balance and members,
// a filter by name or tax id (the list is read whole and filtered as you type), and each company's name opening its own page.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { paymentTermsLabels } from '../../../lib/company-account';
import { formatDollars } from '../../../lib/money';
import { useAdminCompanies } from '../api/get-admin-companies';

export const companyPageHref = (id: string) => `/dashboard/companies/${encodeURIComponent(id)}`;

export function CompaniesPage() {
  const searchId = useId();
  const { data, isPending, isError, error } = useAdminCompanies();
  const [q, setQ] = useState('');
  const wanted = q.trim().toLowerCase();
  const shown = (data ?? []).filter(
    (c) => !wanted || c.name.toLowerCase().includes(wanted) || (c.taxId ?? '').toLowerCase().includes(wanted),
  );

  return (
    <>
      <PageTitle lead="Each company's payment terms, credit limit and open balance; open one to change its terms and contract prices.">
        Companies
      </PageTitle>
      {data && data.length > 0 ? (
        <div className="mb-4 flex flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium">
            Find a company
          </label>
          <input
            id={searchId}
            type="search"
            className="input input-bordered w-full max-w-md"
            placeholder="Name or tax id"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
      ) : null}
      {isPending ? <PageSpinner label="Loading companies" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data && data.length === 0 ? (
        <ListState>No companies yet: a customer creates one from their dashboard, then it is listed here.</ListState>
      ) : null}
      {data && data.length > 0 && shown.length === 0 ? <ListState>No company matches “{q.trim()}”.</ListState> : null}
      {shown.length > 0 ? (
        <>
          <p className="mb-2 text-sm" role="status">
            {shown.length === data?.length
              ? `${shown.length} ${shown.length === 1 ? 'company' : 'companies'}`
              : `${shown.length} of ${data?.length ?? 0} companies`}
          </p>
          <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table table-cards">
              <caption className="sr-only">Companies</caption>
              <thead className="text-base-content">
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col">Tax id</th>
                  <th scope="col">Members</th>
                  <th scope="col">Terms</th>
                  <th scope="col" className="text-right">
                    Credit limit
                  </th>
                  <th scope="col" className="text-right">
                    Open balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((company) => (
                  <tr key={company._id}>
                    <th scope="row" data-label="Company">
                      <Link className="link font-medium" to={companyPageHref(company._id)}>
                        {company.name}
                      </Link>
                    </th>
                    <td data-label="Tax id" className="break-all">
                      {company.taxId ?? '—'}
                    </td>
                    <td data-label="Members">{company.memberCount}</td>
                    <td data-label="Terms">{paymentTermsLabels[company.paymentTerms]}</td>
                    <td data-label="Credit limit" className="text-right tabular-nums">
                      {company.creditLimit === null ? 'None' : formatDollars(company.creditLimit)}
                    </td>
                    <td data-label="Open balance" className="text-right tabular-nums">
                      {formatDollars(company.balance)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </>
  );
}
