// Turns off another person's two-step sign-in (B2B §15), for a lost phone with the recovery codes gone: asked first,
// since every session of the account ends and it signs in with its password alone until it turns the step on again.
// The button shows only while it is on; the dialog stays mounted when the list says "Off" (the button gone), so it
// closes as usual and puts focus on the row's next control.
import { useState } from 'react';
import type { StaffMember } from '@kestrel/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../lib/notify';
import { useResetTwoFactor } from '../api/reset-two-factor';

export function ResetTwoFactorButton({ member }: { member: StaffMember }) {
  const reset = useResetTwoFactor();
  const [asking, setAsking] = useState(false);
  return (
    <>
      {member.twoFactor ? (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => setAsking(true)}
          disabled={reset.isPending}
          aria-label={`Reset the two-step sign-in of ${member.email}`}
        >
          Reset two-step
        </button>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={`Reset the two-step sign-in of ${member.email}?`}
        confirmLabel="Yes, reset it"
        dismissLabel="Keep it"
        danger
        onClose={() => setAsking(false)}
        onConfirm={() =>
          reset.mutateAsync(member.email).then(
            () => notify.success(`Two-step sign-in is off for ${member.email}`),
            (error: unknown) => {
              if (error instanceof Error) notify.error(error.message);
              throw error;
            },
          )
        }
      >
        <p>
          <strong>{member.name}</strong> is signed out everywhere and signs in with the password alone until they turn
          two-step sign-in on again on their Security page.
        </p>
      </ConfirmDialog>
    </>
  );
}
