import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ListState } from '../../components/ui/page-title';
import { PageSpinner } from '../../components/ui/spinner';
import { isRefusal } from '../../lib/api-client';
import { signOut, useAuth } from '../../lib/auth-store';
import { useAdminStatus } from '../../features/users/api/get-admin-status';

/**
 * Admin pages (docs/product.md §14): a spinner while the server is asked; an administrator sees the page; anybody the server
 * says is not one is signed out and sent to /login, which remembers the page so an administrator can sign in and come
 * back. A server that cannot be reached is not an answer: that shows a retry instead of signing anyone out.
 */
export function RequireAdmin() {
  const { user } = useAuth();
  const location = useLocation();
  const { data, isPending, error, refetch, isFetching } = useAdminStatus(user?.email);
  // Only the server's refusal counts as an answer; a rate limit or a time-out shows the retry, like a network failure.
  const unreachable = error !== null && !isRefusal(error);
  const refused = !isPending && !unreachable && data?.admin !== true;

  useEffect(() => {
    if (refused) void signOut();
  }, [refused]);

  if (refused) return <Navigate to="/login" replace state={{ from: location }} />;
  if (isPending) return <PageSpinner label="Checking your access" />;
  if (data?.admin === true) return <Outlet />;
  if (unreachable) {
    return (
      <ListState alert>
        Your access could not be checked: {error.message}{' '}
        <button type="button" className="btn btn-primary btn-sm" disabled={isFetching} onClick={() => void refetch()}>
          Try again
        </button>
      </ListState>
    );
  }
  return null;
}
