// The customer's Company page (B2B §5, issue #25): the companies feature's page, with the company's account (terms,
// credit, balance, what is due) and the company's orders from the features that own them; no feature imports another.
import { CompanyPage } from '../../features/companies/components/company-page';
import { CompanyAccountSection } from '../../features/company-ordering/components/company-account-section';
import { CompanyOrdersSection } from '../../features/orders/components/company-orders-section';

export function CompanyRoute() {
  return <CompanyPage account={<CompanyAccountSection />} orders={<CompanyOrdersSection />} />;
}
