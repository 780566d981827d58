import { Route, Routes } from 'react-router';
import type { StorefrontPage } from '@kestrel/shared';
import { RootLayout } from './layout/root-layout';
import { HomePage } from './routes/home-page';
import { lazyPart, withTimeout } from './lazy-part';

// Everything but the home page loads on demand, so the first visit only pays for what it shows.
const PortfolioPage = lazyPart(() =>
  import('../features/static-pages/components/portfolio-page').then((m) => m.PortfolioPage),
);
const BlogPage = lazyPart(() => import('../features/static-pages/components/blog-page').then((m) => m.BlogPage));
const LoginPage = lazyPart(() => import('../features/auth/components/login-page').then((m) => m.LoginPage));
const SignupPage = lazyPart(() => import('../features/auth/components/signup-page').then((m) => m.SignupPage));
const AuthCallbackPage = lazyPart(() =>
  import('../features/auth/routes/auth-callback').then((m) => m.AuthCallbackPage),
);
const ForgotPasswordPage = lazyPart(() =>
  import('../features/account/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPart(() =>
  import('../features/account/components/reset-password-page').then((m) => m.ResetPasswordPage),
);
const VerifyEmailPage = lazyPart(() =>
  import('../features/account/components/verify-email-page').then((m) => m.VerifyEmailPage),
);
// The page an invite mail links to (B2B §5); it works signed out too, saying how to sign in and come back.
const AcceptInvitePage = lazyPart(() =>
  import('../features/companies/components/accept-invite-page').then((m) => m.AcceptInvitePage),
);
// B2B §17: where a procurement system opens the shop.
const PunchoutStartPage = lazyPart(() => import('./routes/punchout-start-page').then((m) => m.PunchoutStartPage));
const CatalogPage = lazyPart(() => import('./routes/catalog-page').then((m) => m.CatalogPage));
const PurchasePage = lazyPart(() => import('./routes/purchase-page').then((m) => m.PurchasePage));
const ProductPage = lazyPart(() => import('./routes/product-page').then((m) => m.ProductPage));
const CartPage = lazyPart(() => import('./routes/cart-routes').then((m) => m.CartRoute));
const QuickOrderPage = lazyPart(() => import('./routes/cart-routes').then((m) => m.QuickOrderRoute));
const NotFoundPage = lazyPart(() => import('./routes/not-found-page').then((m) => m.NotFoundPage));
const DashboardRoutes = lazyPart(() => import('./dashboard/dashboard-routes').then((m) => m.DashboardRoutes));

/** How long the first render waits for the part of the URL the app opens on (partOpenedAt), at most. */
const OPENING_PART_WAIT_MS = 1500;

/** Pages whose part is small enough to wait for (partOpenedAt); the purchase page is matched by its prefix. */
const smallPartsByPath: Partial<Record<string, { preload: () => Promise<void> }>> = {
  '/products': CatalogPage,
  '/blog': BlogPage,
  '/myportfolio': PortfolioPage,
};

/**
 * Fetches the part of the URL the app opens on, so that the first render shows the page rather than a fallback
 * React would then hold for 300 ms: on the purchase page that delay came before the product request and its
 * image, the page's largest paint (bench/results/history.md); the catalogue page's part is as small (about 10 kB). The
 * blog's and the portfolio's (about 1.5 kB) are long pages: a spinner swapped for one pushed the footer, which sat
 * in view, off the screen (a layout shift of 0.16 on a phone). Only small parts are worth waiting for; a slow or
 * failed one is left to its own spinner and retry.
 */
export function partOpenedAt(pathname: string): Promise<unknown> {
  // A product page's part too: the server drew the page (B2B §18), so a spinner before it would be a visible change.
  const part = pathname.startsWith('/purchase/')
    ? PurchasePage
    : pathname.startsWith('/products/')
      ? ProductPage
      : smallPartsByPath[pathname];
  return part ? withTimeout(part.preload(), OPENING_PART_WAIT_MS).catch(() => undefined) : Promise.resolve();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path={'home' satisfies StorefrontPage} element={<HomePage />} />
        <Route path={'products' satisfies StorefrontPage} element={<CatalogPage />} />
        <Route path={'products/:id' satisfies StorefrontPage} element={<ProductPage />} />
        <Route path={'myportfolio' satisfies StorefrontPage} element={<PortfolioPage />} />
        <Route path={'blog' satisfies StorefrontPage} element={<BlogPage />} />
        <Route path={'login' satisfies StorefrontPage} element={<LoginPage />} />
        <Route path={'signup' satisfies StorefrontPage} element={<SignupPage />} />
        <Route path={'auth/callback' satisfies StorefrontPage} element={<AuthCallbackPage />} />
        <Route path={'forgot-password' satisfies StorefrontPage} element={<ForgotPasswordPage />} />
        <Route path={'reset-password/:token' satisfies StorefrontPage} element={<ResetPasswordPage />} />
        <Route path={'verify-email/:token' satisfies StorefrontPage} element={<VerifyEmailPage />} />
        <Route path={'invite/:token' satisfies StorefrontPage} element={<AcceptInvitePage />} />
        <Route path={'punchout/start/:token' satisfies StorefrontPage} element={<PunchoutStartPage />} />
        {/* Signed-in only: each of these parts guards itself (app/guards/require-auth.tsx). */}
        <Route path={'purchase/:id' satisfies StorefrontPage} element={<PurchasePage />} />
        <Route path={'dashboard/*' satisfies StorefrontPage} element={<DashboardRoutes />} />
        <Route path={'cart' satisfies StorefrontPage} element={<CartPage />} />
        <Route path={'quick-order' satisfies StorefrontPage} element={<QuickOrderPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
