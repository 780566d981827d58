import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useUsers } from '../api/get-users';
import { DemoteButton, PromoteButton } from './role-buttons';

/** SPEC's table of users with 'Make Admin', plus each user's name and confirmation and a way back (B2B §11). */
export function MakeAdminPage() {
  const { data, isPending, isError, error } = useUsers();
  return (
    <>
      <PageTitle>Make Admin</PageTitle>
      {isPending ? <PageSpinner label="Loading users" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data ? (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table table-cards">
            <caption className="sr-only">Users of the shop</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Confirmed</th>
                <th scope="col">Role</th>
              </tr>
            </thead>
            <tbody>
              {data.map((user, index) => (
                <tr key={user._id}>
                  <th scope="row" data-label="#">
                    {index + 1}
                  </th>
                  <td data-label="Name">{user.name}</td>
                  <td data-label="Email" className="break-all">
                    {user.email}
                  </td>
                  <td data-label="Confirmed">
                    {user.emailVerified ? 'Yes' : <span className="badge badge-warning">Not confirmed</span>}
                  </td>
                  <td data-label="Role">
                    {user.role === 'admin' ? (
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="badge badge-neutral">Admin</span>
                        <DemoteButton user={user} />
                      </span>
                    ) : user.role === 'customer' ? (
                      <PromoteButton user={user} />
                    ) : (
                      // Another staff role (B2B §15): named, and Make Admin still makes an administrator of them.
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="badge badge-outline capitalize">{user.role}</span>
                        <PromoteButton user={user} />
                      </span>
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
