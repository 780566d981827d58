// The customer's Company page (B2B §5, issue #25): the companies feature's page, with the company's account (terms,
// credit, balance, what is due), the company's orders and its ship-to locations (B2B §12) from the features that own
// them; no feature imports another.
import { CompanyPage } from '../../features/companies/components/company-page';
import { CompanyAccountSection } from '../../features/company-ordering/components/company-account-section';
import { CompanyOrdersSection } from '../../features/orders/components/company-orders-section';
import { LocationsSection } from '../../features/ship-to/components/locations-section';

export function CompanyRoute() {
  return (
    <CompanyPage
      account={<CompanyAccountSection />}
      orders={<CompanyOrdersSection />}
      locations={(members, owner) => <LocationsSection members={members} owner={owner} />}
    />
  );
}
