// Makes a member of staff a customer again, asked first: every session of the account ends with the role (B2B §15).
import { useState } from 'react';
import type { StaffMember } from '@kestrel/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../lib/notify';
import { useRemoveStaff } from '../api/remove-staff';

export function RemoveStaffButton({ member }: { member: StaffMember }) {
  const remove = useRemoveStaff();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => setAsking(true)}
        disabled={remove.isPending}
        aria-label={`Remove the staff role of ${member.email}`}
      >
        Remove staff role
      </button>
      <ConfirmDialog
        open={asking}
        title={`Make ${member.email} a customer again?`}
        confirmLabel="Yes, remove the role"
        dismissLabel="Keep the role"
        danger
        onClose={() => setAsking(false)}
        onConfirm={() =>
          remove.mutateAsync(member.email).then(
            () => notify.success(`${member.email} is a customer again`),
            (error: unknown) => {
              if (error instanceof Error) notify.error(error.message);
              throw error;
            },
          )
        }
      >
        <p>
          <strong>{member.name}</strong> loses the staff pages, and every session of this account ends.
        </p>
      </ConfirmDialog>
    </>
  );
}
