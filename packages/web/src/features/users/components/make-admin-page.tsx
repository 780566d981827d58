import { messages, type User } from '@kestrel/shared';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useMakeAdmin } from '../api/make-admin';
import { useUsers } from '../api/get-users';

function PromoteButton({ user }: { user: User }) {
  const makeAdmin = useMakeAdmin();
  const promote = () =>
    makeAdmin.mutate(user.email, {
      onSuccess: () => notify.success(messages.toast.madeAdmin),
      // docs/product.md §8: a 403 reads 'Failed to make an admin'; anything else shows what the server said.
      onError: (error) =>
        notify.error(
          error instanceof ApiRequestError && error.status === 403 ? messages.toast.makeAdminFailed : error.message,
        ),
    });
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      onClick={promote}
      disabled={makeAdmin.isPending}
      aria-label={`Make Admin ${user.email}`}
    >
      Make Admin
    </button>
  );
}

export function MakeAdminPage() {
  const { data, isPending, isError, error } = useUsers();
  return (
    <>
      <PageTitle>Make Admin</PageTitle>
      {isPending ? <PageSpinner label="Loading users" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data ? (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <caption className="sr-only">Users of the shop</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">#</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
              </tr>
            </thead>
            <tbody>
              {data.map((user, index) => (
                <tr key={user._id}>
                  <th scope="row">{index + 1}</th>
                  <td className="break-all">{user.email}</td>
                  <td>
                    {user.role === 'admin' ? (
                      <span className="badge badge-neutral">Admin</span>
                    ) : (
                      <PromoteButton user={user} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
