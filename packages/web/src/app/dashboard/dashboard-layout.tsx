import { Outlet } from 'react-router';
import { NavItem } from '../../components/ui/nav-item';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth-store';
import { useAdminStatus } from '../../features/users/api/get-admin-status';

interface Entry {
  to: string;
  label: string;
  /** Also marked current on the pages under it (a company's page under Companies). */
  section?: boolean;
}

const everybody: Entry[] = [
  { to: '/dashboard', label: 'My Profile' },
  { to: '/dashboard/security', label: 'Sign-in and security' },
];
// Issue #25 adds Company for every customer (create one, or its details, account, orders and members) and, for the
// company's owners only, their approval queue.
const customers: Entry[] = [
  { to: '/dashboard/addreview', label: 'Add a Reviews' },
  { to: '/dashboard/myorder', label: 'My Order' },
  { to: '/dashboard/quotes', label: 'My Quotes' },
  // Issue #53: requisition lists, marked current on a list's own page too.
  { to: '/dashboard/lists', label: 'My Lists', section: true },
  { to: '/dashboard/company', label: 'Company' },
];
const owners: Entry[] = [{ to: '/dashboard/approvals', label: 'Approvals' }];
const admins: Entry[] = [
  { to: '/dashboard/makeadmin', label: 'Make Admin' },
  { to: '/dashboard/addproduct', label: 'Add a product' },
  { to: '/dashboard/manageorder', label: 'Manage All Orders' },
  { to: '/dashboard/manage-quotes', label: 'Quotes' },
  { to: '/dashboard/manageproduct', label: 'Manage All Products' },
  { to: '/dashboard/products-csv', label: 'Products CSV' },
  { to: '/dashboard/integrations', label: 'Integrations' },
  { to: '/dashboard/companies', label: 'Companies', section: true },
  { to: '/dashboard/stats', label: 'Store figures' },
  { to: '/dashboard/audit', label: 'Audit' },
];

const entryBase = 'block whitespace-nowrap rounded-field px-3 py-2 font-medium';

/** The sidebar differs per role (docs/product.md §13): the server's admin answer decides which entries appear. */
export function DashboardLayout() {
  const { user } = useAuth();
  const { data, isPending } = useAdminStatus(user?.email);
  const owner = user?.company?.role === 'owner';
  const entries = [...everybody, ...(isPending ? [] : data?.admin ? admins : [...customers, ...(owner ? owners : [])])];

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8 md:grid-cols-[14rem_1fr]">
      <aside className="md:border-r md:border-base-300 md:pr-4">
        <p className="mb-2 px-3 text-sm font-semibold uppercase tracking-wide">Dashboard</p>
        <nav aria-label="Dashboard">
          {/* On a phone the entries wrap onto as many lines as they need: a sideways scroller hid Company and
              Approvals off the screen's edge (issue #47). A column beside the page from md up. */}
          <ul className="flex flex-wrap gap-1 pb-2 md:flex-col md:flex-nowrap md:pb-0">
            {entries.map((entry) => (
              <li key={entry.to}>
                <NavItem
                  to={entry.to}
                  label={entry.label}
                  end={!entry.section}
                  className={`${entryBase} hover:bg-base-200`}
                  activeClassName={`${entryBase} bg-primary text-primary-content`}
                />
              </li>
            ))}
            {isPending ? (
              <li className="px-3 py-2">
                <Spinner size="sm" label="Loading your menu" />
              </li>
            ) : null}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
