import { Outlet } from 'react-router';
import { NavItem } from '../../components/ui/nav-item';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth-store';
import { StaffPermissionsContext } from '../../lib/staff-permissions';
import { useAdminStatus } from '../../features/users/api/get-admin-status';
import { TwoFactorRequiredNotice } from './two-factor-required-notice';
import { STAFF_ENTRIES } from './staff-pages';

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
  // Issue #51: returns (B2B §14).
  { to: '/dashboard/returns', label: 'My Returns' },
  { to: '/dashboard/quotes', label: 'My Quotes' },
  // Issue #53: requisition lists, marked current on a list's own page too.
  { to: '/dashboard/lists', label: 'My Lists', section: true },
  { to: '/dashboard/company', label: 'Company' },
];
const owners: Entry[] = [{ to: '/dashboard/approvals', label: 'Approvals' }];

const entryBase = 'block whitespace-nowrap rounded-field px-3 py-2 font-medium';

/**
 * The sidebar differs per role (docs/product.md §13, §34): the server's admin answer decides which entries appear,
 * a member of staff's by the permissions it names.
 */
export function DashboardLayout() {
  const { user } = useAuth();
  const { data, isPending } = useAdminStatus(user?.email);
  const owner = user?.company?.role === 'owner';
  // Staff see the pages their role's permissions open (staff-pages.ts); customers their own.
  const permissions = data?.permissions ?? [];
  const staff = STAFF_ENTRIES.filter((entry) => permissions.includes(entry.permission));
  const entries = [...everybody, ...(isPending ? [] : data?.admin ? staff : [...customers, ...(owner ? owners : [])])];

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
        <TwoFactorRequiredNotice />
        <StaffPermissionsContext value={data?.admin ? permissions : undefined}>
          <Outlet />
        </StaffPermissionsContext>
      </div>
    </div>
  );
}
