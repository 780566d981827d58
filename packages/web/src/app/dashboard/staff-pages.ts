// Which staff pages each permission opens (B2B §15): the dashboard's sidebar and the routes' guards read this one
// list, with the permissions the server's admin check answers, so a page a role may not use is neither offered nor
// opened. The server refuses the calls behind it either way.
import type { Permission } from '@kestrel/shared';

export interface StaffEntry {
  to: string;
  label: string;
  permission: Permission;
  /** Also marked current on the pages under it (a company's page under Companies). */
  section?: boolean;
}

export const STAFF_ENTRIES: StaffEntry[] = [
  { to: '/dashboard/makeadmin', label: 'Make Admin', permission: 'admin.manage' },
  { to: '/dashboard/staff', label: 'Staff', permission: 'admin.manage' },
  { to: '/dashboard/addproduct', label: 'Add a product', permission: 'products.write' },
  { to: '/dashboard/manageorder', label: 'Manage All Orders', permission: 'orders.read' },
  { to: '/dashboard/manage-quotes', label: 'Quotes', permission: 'quotes.manage' },
  { to: '/dashboard/manageproduct', label: 'Manage All Products', permission: 'products.write' },
  { to: '/dashboard/products-csv', label: 'Products CSV', permission: 'products.write' },
  { to: '/dashboard/integrations', label: 'Integrations', permission: 'admin.manage' },
  { to: '/dashboard/companies', label: 'Companies', permission: 'companies.read', section: true },
  { to: '/dashboard/stats', label: 'Store figures', permission: 'stats.read' },
  { to: '/dashboard/audit', label: 'Audit', permission: 'admin.manage' },
  { to: '/dashboard/punchout', label: 'Punch-out connections', permission: 'admin.manage' },
  { to: '/dashboard/tax', label: 'Tax', permission: 'admin.manage' },
  // Issue #51: returns are read as orders are; the page offers each step to the permission that takes it.
  { to: '/dashboard/manage-returns', label: 'Returns', permission: 'orders.read' },
];
