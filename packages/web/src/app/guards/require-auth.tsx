import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth-store';

/**
 * Signed-in pages: wait for the stored token's check, else go to /login remembering the origin (docs/product.md §14).
 * Each signed-in part wraps its own content in it (purchase, dashboard), so the guard is not in the first load and
 * what a part fetches without identity (the purchase page's product) starts during the check rather than after it.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'checking') return <PageSpinner label="Checking your session" />;
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}
