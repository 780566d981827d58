// The Punch-out connections page (B2B §17), composed here: the companies come from the admin-companies feature, the
// connections from the punch-out feature, and no feature imports the other.
import { useAdminCompanies } from '../../features/admin-companies/api/get-admin-companies';
import { PunchoutConnectionsPage } from '../../features/punchout/components/punchout-connections-page';

export function PunchoutPage() {
  const { data } = useAdminCompanies();
  return <PunchoutConnectionsPage companies={data ?? []} />;
}
