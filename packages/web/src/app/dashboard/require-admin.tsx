import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { signOut, useAuth } from '../../lib/auth-store';
import { useAdminStatus } from '../../features/users/api/get-admin-status';

/**
 * Admin pages (SPEC.md §4): a spinner while the server is asked; an administrator sees the page; anybody else is
 * signed out and sent to /login, which remembers the page so an administrator can sign in and come back.
 */
export function RequireAdmin() {
  const { user } = useAuth();
  const location = useLocation();
  const { data, isPending, isError } = useAdminStatus(user?.email);
  const refused = !isPending && (isError || data?.admin !== true);

  useEffect(() => {
    if (refused) void signOut();
  }, [refused]);

  if (refused) return <Navigate to="/login" replace state={{ from: location }} />;
  if (isPending) return <PageSpinner label="Checking your access" />;
  return <Outlet />;
}
