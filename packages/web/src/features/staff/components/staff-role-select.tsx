// One person's role on the Staff page: choosing another role asks first (the shop's dialog), since it changes at once
// what they may see and do; cancelling puts the select back.
import { useState } from 'react';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@kestrel/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../lib/notify';
import { useSetStaffRole } from '../api/set-staff-role';
import { ROLE_DUTIES, ROLE_LABELS } from './role-labels';

export function StaffRoleSelect({ member }: { member: StaffMember }) {
  const setRole = useSetStaffRole();
  const [asked, setAsked] = useState<StaffRole | null>(null);
  return (
    <>
      <select
        className="select select-bordered select-sm"
        aria-label={`Role of ${member.email}`}
        value={asked ?? member.role}
        disabled={setRole.isPending}
        onChange={(event) => {
          const role = STAFF_ROLES.find((r) => r === event.target.value);
          if (role && role !== member.role) setAsked(role);
        }}
      >
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      <ConfirmDialog
        open={asked !== null}
        title={`Make ${member.email} ${asked ? ROLE_LABELS[asked] : ''}?`}
        confirmLabel="Yes, change the role"
        onClose={() => setAsked(null)}
        onConfirm={() =>
          asked
            ? setRole.mutateAsync({ email: member.email, role: asked }).then(
                (saved) => notify.success(`${saved.email} is now ${ROLE_LABELS[saved.role]}`),
                (error: unknown) => {
                  if (error instanceof Error) notify.error(error.message);
                  throw error;
                },
              )
            : Promise.resolve()
        }
      >
        <p>
          <strong>{member.name}</strong> will have the {asked ? ROLE_LABELS[asked] : ''} role from their next click:{' '}
          {asked ? ROLE_DUTIES[asked] : ''}.
        </p>
      </ConfirmDialog>
    </>
  );
}
