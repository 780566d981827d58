import { Route, Routes } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RequireAuth } from './guards/require-auth';
import { HomePage } from './routes/home-page';
import { lazyPart } from './lazy-part';

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
const PurchasePage = lazyPart(() => import('./routes/purchase-page').then((m) => m.PurchasePage));
const NotFoundPage = lazyPart(() => import('./routes/not-found-page').then((m) => m.NotFoundPage));
const DashboardRoutes = lazyPart(() => import('./dashboard/dashboard-routes').then((m) => m.DashboardRoutes));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="home" element={<HomePage />} />
        <Route path="myportfolio" element={<PortfolioPage />} />
        <Route path="blog" element={<BlogPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="auth/callback" element={<AuthCallbackPage />} />
        <Route element={<RequireAuth />}>
          <Route path="purchase/:id" element={<PurchasePage />} />
          <Route path="dashboard/*" element={<DashboardRoutes />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
