import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import type { Permission } from '@kestrel/shared';
import { ListState, PageTitle } from '../../components/ui/page-title';
import { PageSpinner } from '../../components/ui/spinner';
import { isRefusal } from '../../lib/api-client';
import { signOut, useAuth } from '../../lib/auth-store';
import { ROLE_LABELS } from '../../features/staff/components/role-labels';
import { useAdminStatus } from '../../features/users/api/get-admin-status';

/**
 * Staff pages (docs/product.md §14, §34): a spinner while the server is asked; a member of staff whose role holds
 * `permission` sees the page, one whose role does not is told so (a direct visit to a page outside the role); anybody
 * the server says is not staff is signed out and sent to /login, which remembers the page so an administrator can
 * sign in and come back. A server that cannot be reached is not an answer: that shows a retry instead of signing
 * anyone out.
 */
export function RequireStaff({ permission }: { permission: Permission }) {
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
  if (data?.admin === true && data.permissions?.includes(permission)) return <Outlet />;
  if (data?.admin === true) {
    return (
      <>
        <PageTitle>Not part of your role</PageTitle>
        <ListState alert>
          Your staff role{data.role ? ` (${ROLE_LABELS[data.role]})` : ''} does not include this page.{' '}
          <Link to="/dashboard" className="link">
            Back to your dashboard
          </Link>
        </ListState>
      </>
    );
  }
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
