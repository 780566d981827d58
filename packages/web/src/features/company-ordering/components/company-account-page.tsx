import { PageTitle } from '../../../components/ui/page-title';
import { CompanyAccountSection } from './company-account-section';

/** A temporary home of the company's account until co-core's company page shows CompanyAccountSection itself. */
export function CompanyAccountPage() {
  return (
    <div className="flex flex-col gap-4">
      <PageTitle lead="What your company owes on account, what is due when, and what is overdue.">
        Company account
      </PageTitle>
      <CompanyAccountSection />
    </div>
  );
}
