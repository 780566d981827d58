// The administrator's page of one company (B2B §5, issue #25): its details and members, the terms form, its account
// (open balance, unpaid on-account orders, overdue ones marked; each order opens the admin's order page, where
// mark-paid is) and its contract prices. The app composes it from the features that own each part; no feature
// imports another.
import { Link, useParams } from 'react-router';
import type { Permission } from '@kestrel/shared';
import { ListState, PageTitle } from '../../components/ui/page-title';
import { PageSpinner } from '../../components/ui/spinner';
import { useAdminCompany } from '../../features/admin-companies/api/get-admin-company';
import { useAdminCompanyBalance } from '../../features/admin-companies/api/get-admin-company-balance';
import { CompanyDetails } from '../../features/admin-companies/components/company-details';
import { CompanyTaxExemptionForm } from '../../features/admin-companies/components/company-tax-exemption-form';
import { CompanyTermsForm } from '../../features/admin-companies/components/company-terms-form';
import { CompanyAccountView } from '../../features/company-ordering/components/company-account-section';
import { ContractPricesSection } from '../../features/contract-prices/components/contract-prices-section';
import { useStaffPermissions } from '../../lib/staff-permissions';

const back = (
  <Link to="/dashboard/companies" className="link">
    Back to Companies
  </Link>
);

export function AdminCompanyPage() {
  const { id = '' } = useParams();
  // Terms are finance's, contract prices sales' (B2B §15): each part is shown to the roles that may use it.
  const permissions = useStaffPermissions();
  const may = (permission: Permission) => permissions === undefined || permissions.includes(permission);
  const { data: company, isPending, isError, error } = useAdminCompany(id);
  const account = useAdminCompanyBalance(id);

  if (isPending) return <PageSpinner label="Loading the company" />;
  if (isError) {
    return (
      <>
        <PageTitle>Company</PageTitle>
        <ListState alert>{error.message}</ListState>
        <p className="mt-4 text-sm">{back}</p>
      </>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <div>
        <PageTitle lead="Payment terms, credit limit, the open balance and this company's contract prices.">
          {company.name}
        </PageTitle>
        <p className="-mt-4 text-sm">{back}</p>
      </div>
      <CompanyDetails company={company} />
      {may('finance.manage') ? (
        <CompanyTermsForm
          key={company._id}
          companyId={company._id}
          paymentTerms={company.paymentTerms}
          creditLimit={company.creditLimit}
        />
      ) : null}
      {may('finance.manage') ? (
        <CompanyTaxExemptionForm
          key={`${company._id}-tax`}
          companyId={company._id}
          taxExempt={company.taxExempt}
          taxExemptionId={company.taxExemptionId}
        />
      ) : null}
      {account.isPending ? <p>Loading the account…</p> : null}
      {account.isError ? <p role="alert">{account.error.message}</p> : null}
      {account.data ? (
        <CompanyAccountView
          account={account.data}
          orderHref={(orderId) => `/dashboard/manage-orders/${encodeURIComponent(orderId)}`}
          overdueNote="the company places no new order on account until they are paid. Open an order to mark it paid."
        />
      ) : null}
      {may('quotes.manage') ? <ContractPricesSection companyId={company._id} /> : null}
    </div>
  );
}
