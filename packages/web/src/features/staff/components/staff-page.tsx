// The administrator's Staff page (B2B §15, docs/product.md §34): every member of staff with their role (changed in
// place, asked first), whether two-step sign-in is on (with a reset for those who have it), removing a staff role, and
// giving one to another account.
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useStaff } from '../api/get-staff';
import { AddStaffForm } from './add-staff-form';
import { RemoveStaffButton } from './remove-staff-button';
import { ResetTwoFactorButton } from './reset-two-factor-button';
import { StaffRoleSelect } from './staff-role-select';

export function StaffPage() {
  const { data, isPending, isError, error } = useStaff();
  return (
    <div className="flex flex-col gap-8">
      <PageTitle lead="Who works in the back office, what each role may do, and who signs in with a second step.">
        Staff
      </PageTitle>
      {isPending ? <PageSpinner label="Loading the staff" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data ? (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table table-cards">
            <caption className="sr-only">Members of staff</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Two-step sign-in</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((member) => (
                <tr key={member.email}>
                  <th scope="row" data-label="Name">
                    {member.name}
                  </th>
                  <td data-label="Email" className="break-all">
                    {member.email}
                  </td>
                  <td data-label="Role">
                    <StaffRoleSelect member={member} />
                  </td>
                  <td data-label="Two-step sign-in">{member.twoFactor ? 'On' : 'Off'}</td>
                  <td data-label="Actions">
                    <div className="flex flex-wrap gap-2">
                      <ResetTwoFactorButton member={member} />
                      <RemoveStaffButton member={member} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <AddStaffForm />
    </div>
  );
}
