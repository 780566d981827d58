// Makes a member of staff a customer again, asked first: every session of the account ends with the role (B2B §15).
import type { StaffMember } from '@kestrel/shared';
import { ConfirmedButton } from '../../../components/ui/confirmed-button';
import { useRemoveStaff } from '../api/remove-staff';

export function RemoveStaffButton({ member }: { member: StaffMember }) {
  const remove = useRemoveStaff();
  return (
    <ConfirmedButton
      label="Remove staff role"
      ariaLabel={`Remove the staff role of ${member.email}`}
      title={`Make ${member.email} a customer again?`}
      confirmLabel="Yes, remove the role"
      dismissLabel="Keep the role"
      pending={remove.isPending}
      run={() => remove.mutateAsync(member.email).then(() => `${member.email} is a customer again`)}
    >
      <p>
        <strong>{member.name}</strong> loses the staff pages, and every session of this account ends.
      </p>
    </ConfirmedButton>
  );
}
