// The Make Admin table's actions: promote and demote (B2B §11; the server refuses the last administrator and says so).
// Each is asked for first in the app's own dialog (issue #47): an administrator can change every product, price and
// order, and demoting ends every session of the account. Promoting an unconfirmed e-mail says so in that dialog:
// whoever typed that address at sign-up may not own it.
import { useState } from 'react';
import { messages, type User } from '@kestrel/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConfirmedButton } from '../../../components/ui/confirmed-button';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useMakeAdmin } from '../api/make-admin';
import { useRemoveAdmin } from '../api/remove-admin';

/** A refusal as the toast and the dialog say it; docs/product.md §8: a 403 reads 'Failed to make an admin'. */
function promotionRefusal(error: unknown): Error {
  if (error instanceof ApiRequestError && error.status === 403) return new Error(messages.toast.makeAdminFailed);
  return error instanceof Error ? error : new Error(String(error));
}

export function PromoteButton({ user }: { user: User }) {
  const makeAdmin = useMakeAdmin();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={() => setAsking(true)}
        disabled={makeAdmin.isPending}
        aria-label={`Make Admin ${user.email}`}
      >
        Make Admin
      </button>
      <ConfirmDialog
        open={asking}
        title={`Make ${user.email} an administrator?`}
        confirmLabel="Yes, make admin"
        onClose={() => setAsking(false)}
        onConfirm={() =>
          makeAdmin.mutateAsync(user.email).then(
            () => notify.success(messages.toast.madeAdmin),
            (error: unknown) => {
              const refusal = promotionRefusal(error);
              notify.error(refusal.message);
              throw refusal;
            },
          )
        }
      >
        <p>
          <strong>{user.name}</strong> will see every order and customer and change products, prices and other
          administrators. You can remove the role again later.
        </p>
        {user.emailVerified ? null : (
          <p className="font-medium text-warning">
            {user.email} has not confirmed this e-mail address, so the account may not belong to its owner.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

export function DemoteButton({ user }: { user: User }) {
  const removeAdmin = useRemoveAdmin();
  return (
    <ConfirmedButton
      label="Remove admin"
      ariaLabel={`Remove admin ${user.email}`}
      title={`Make ${user.email} a customer again?`}
      confirmLabel="Yes, remove admin"
      dismissLabel="Keep admin"
      pending={removeAdmin.isPending}
      run={() => removeAdmin.mutateAsync(user.email).then(() => `${user.email} is a customer again`)}
    >
      <p>
        <strong>{user.name}</strong> loses the administrator&apos;s pages, and every session of this account ends.
      </p>
    </ConfirmedButton>
  );
}
