import { Navigate, Route, Routes } from 'react-router';
import type { DashboardPage } from '@kestrel/shared';
import { RequireAuth } from '../guards/require-auth';
import { lazyPart } from '../lazy-part';
import { NotFoundPage } from '../routes/not-found-page';
import { DashboardLayout } from './dashboard-layout';
import { RequireStaff } from './require-staff';
import { SessionExpiryHandler } from '../session-expiry-handler';

// Each dashboard page is its own part: a customer never downloads the admin screens.
const ProfilePage = lazyPart(() => import('./profile-page').then((m) => m.ProfileRoute));
const SecurityPage = lazyPart(() =>
  import('../../features/account/components/security-page').then((m) => m.SecurityPage),
);
const AddReviewPage = lazyPart(() =>
  import('../../features/reviews/components/add-review-page').then((m) => m.AddReviewPage),
);
const PaymentPage = lazyPart(() =>
  import('../../features/payments/components/payment-page').then((m) => m.PaymentPage),
);
const MyOrdersPage = lazyPart(() =>
  import('../../features/orders/components/my-orders-page').then((m) => m.MyOrdersPage),
);
const BuyerOrderPage = lazyPart(() => import('./order-pages').then((m) => m.BuyerOrderPage));
const AdminOrderPage = lazyPart(() => import('./order-pages').then((m) => m.AdminOrderPage));
const AddProductPage = lazyPart(() =>
  import('../../features/products/components/add-product-page').then((m) => m.AddProductPage),
);
const ManageOrdersPage = lazyPart(() =>
  import('../../features/orders/components/manage-orders-page').then((m) => m.ManageOrdersPage),
);
const ManageProductsPage = lazyPart(() =>
  import('../../features/products/components/manage-products-page').then((m) => m.ManageProductsPage),
);
const EditProductPage = lazyPart(() =>
  import('../../features/products/components/edit-product-page').then((m) => m.EditProductPage),
);
const ProductsCsvPage = lazyPart(() =>
  import('../../features/products/components/products-csv-page').then((m) => m.ProductsCsvPage),
);
const IntegrationsPage = lazyPart(() => import('./integrations-page').then((m) => m.IntegrationsPage));
// Issue #25: the administrator's companies (terms, credit limits, balances, contract prices).
const CompaniesPage = lazyPart(() =>
  import('../../features/admin-companies/components/companies-page').then((m) => m.CompaniesPage),
);
const AdminCompanyPage = lazyPart(() => import('./admin-company-page').then((m) => m.AdminCompanyPage));
// Chart.js comes with this part only (B2B §8's figures).
const AdminStatsPage = lazyPart(() =>
  import('../../features/stats/components/admin-stats-page').then((m) => m.AdminStatsPage),
);
const MakeAdminPage = lazyPart(() =>
  import('../../features/users/components/make-admin-page').then((m) => m.MakeAdminPage),
);
// B2B §15: the administrator's Staff page (roles, two-step state).
const StaffPage = lazyPart(() => import('../../features/staff/components/staff-page').then((m) => m.StaffPage));

// Issue #25: the company page (create one, or its details, account, orders, members and invites) and the owners'
// approval queue.
const CompanyPage = lazyPart(() => import('./company-page').then((m) => m.CompanyRoute));
const ApprovalsPage = lazyPart(() =>
  import('../../features/orders/components/approvals-page').then((m) => m.ApprovalsPage),
);

// Issue #29: quotes (B2B §10), the buyer's and the shop's.
const MyQuotesPage = lazyPart(() =>
  import('../../features/quotes/components/my-quotes-page').then((m) => m.MyQuotesPage),
);
const BuyerQuotePage = lazyPart(() => import('./buyer-quote-page').then((m) => m.BuyerQuotePage));
const AdminQuotesPage = lazyPart(() =>
  import('../../features/quotes/components/admin-quotes-page').then((m) => m.AdminQuotesPage),
);
const AdminQuotePage = lazyPart(() =>
  import('../../features/quotes/components/quote-page').then((m) => m.AdminQuotePage),
);

// Issue #52: the audit trail (B2B §15), administrators only.
const AuditPage = lazyPart(() => import('../../features/audit/components/audit-page').then((m) => m.AuditPage));

// Issue #50: the administrator's tax rates (B2B §13).
const TaxPage = lazyPart(() => import('../../features/tax/components/tax-page').then((m) => m.TaxPage));

// Issue #53: requisition lists (B2B §16).
const MyListsPage = lazyPart(() => import('../../features/lists/components/my-lists-page').then((m) => m.MyListsPage));
const ListPage = lazyPart(() => import('../../features/lists/components/list-page').then((m) => m.ListPage));

// Issue #51: returns (B2B §14), the buyer's My Returns and the shop's queue.
const MyReturnsPage = lazyPart(() =>
  import('../../features/returns/components/my-returns-page').then((m) => m.MyReturnsPage),
);
const ManageReturnsPage = lazyPart(() =>
  import('../../features/returns/components/manage-returns-page').then((m) => m.ManageReturnsPage),
);

// Issue #54: the administrator's punch-out connections (B2B §17).
const PunchoutPage = lazyPart(() => import('./punchout-page').then((m) => m.PunchoutPage));

/** The nested routes under /dashboard (docs/product.md §13), for signed-in users only. */
export function DashboardRoutes() {
  return (
    <RequireAuth>
      <SessionExpiryHandler />
      <Routes>
        <Route element={<DashboardLayout />}>
          <Route index element={<ProfilePage />} />
          <Route path={'security' satisfies DashboardPage} element={<SecurityPage />} />
          <Route path={'addreview' satisfies DashboardPage} element={<AddReviewPage />} />
          <Route path={'payment/:id' satisfies DashboardPage} element={<PaymentPage />} />
          <Route path={'myorder' satisfies DashboardPage} element={<MyOrdersPage />} />
          <Route path={'orders/:id' satisfies DashboardPage} element={<BuyerOrderPage />} />
          <Route path={'approvals' satisfies DashboardPage} element={<ApprovalsPage />} />
          <Route path={'company' satisfies DashboardPage} element={<CompanyPage />} />
          {/* The account's first home: it is a section of the company page now. */}
          <Route
            path={'company-account' satisfies DashboardPage}
            element={<Navigate to="/dashboard/company" replace />}
          />
          <Route path={'quotes' satisfies DashboardPage} element={<MyQuotesPage />} />
          <Route path={'quotes/:id' satisfies DashboardPage} element={<BuyerQuotePage />} />
          <Route path={'lists' satisfies DashboardPage} element={<MyListsPage />} />
          <Route path={'lists/:id' satisfies DashboardPage} element={<ListPage />} />
          <Route path={'returns' satisfies DashboardPage} element={<MyReturnsPage />} />
          {/* Each staff page behind the permission that opens it (staff-pages.ts lists the same for the sidebar). */}
          <Route element={<RequireStaff permission="products.write" />}>
            <Route path={'addproduct' satisfies DashboardPage} element={<AddProductPage />} />
            <Route path={'manageproduct' satisfies DashboardPage} element={<ManageProductsPage />} />
            <Route path={'editproduct/:id' satisfies DashboardPage} element={<EditProductPage />} />
            <Route path={'products-csv' satisfies DashboardPage} element={<ProductsCsvPage />} />
          </Route>
          <Route element={<RequireStaff permission="orders.read" />}>
            <Route path={'manageorder' satisfies DashboardPage} element={<ManageOrdersPage />} />
            <Route path={'manage-orders/:id' satisfies DashboardPage} element={<AdminOrderPage />} />
            <Route path={'manage-returns' satisfies DashboardPage} element={<ManageReturnsPage />} />
          </Route>
          <Route element={<RequireStaff permission="admin.manage" />}>
            <Route path={'makeadmin' satisfies DashboardPage} element={<MakeAdminPage />} />
            <Route path={'staff' satisfies DashboardPage} element={<StaffPage />} />
            <Route path={'integrations' satisfies DashboardPage} element={<IntegrationsPage />} />
            <Route path={'audit' satisfies DashboardPage} element={<AuditPage />} />
            <Route path={'punchout' satisfies DashboardPage} element={<PunchoutPage />} />
            <Route path={'tax' satisfies DashboardPage} element={<TaxPage />} />
          </Route>
          <Route element={<RequireStaff permission="companies.read" />}>
            <Route path={'companies' satisfies DashboardPage} element={<CompaniesPage />} />
            <Route path={'companies/:id' satisfies DashboardPage} element={<AdminCompanyPage />} />
          </Route>
          <Route element={<RequireStaff permission="stats.read" />}>
            <Route path={'stats' satisfies DashboardPage} element={<AdminStatsPage />} />
          </Route>
          <Route element={<RequireStaff permission="quotes.manage" />}>
            <Route path={'manage-quotes' satisfies DashboardPage} element={<AdminQuotesPage />} />
            <Route path={'manage-quotes/:id' satisfies DashboardPage} element={<AdminQuotePage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RequireAuth>
  );
}
