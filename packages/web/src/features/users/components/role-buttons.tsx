// The Make Admin table's actions: promote (asking first when the e-mail is not confirmed: whoever typed that address
// at sign-up may not own it) and demote (B2B §11; the server refuses the last administrator and says so).
import { messages, type User } from '@kestrel/shared';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useMakeAdmin } from '../api/make-admin';
import { useRemoveAdmin } from '../api/remove-admin';

export function PromoteButton({ user }: { user: User }) {
  const makeAdmin = useMakeAdmin();
  const promote = () => {
    if (
      !user.emailVerified &&
      !window.confirm(
        `${user.email} has not confirmed this e-mail address, so the account may not belong to its owner. ` +
          'Make it an administrator anyway?',
      )
    ) {
      return;
    }
    makeAdmin.mutate(user.email, {
      onSuccess: () => notify.success(messages.toast.madeAdmin),
      // docs/product.md §8: a 403 reads 'Failed to make an admin'; anything else shows what the server said.
      onError: (error) =>
        notify.error(
          error instanceof ApiRequestError && error.status === 403 ? messages.toast.makeAdminFailed : error.message,
        ),
    });
  };
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

export function DemoteButton({ user }: { user: User }) {
  const removeAdmin = useRemoveAdmin();
  const demote = () => {
    if (!window.confirm(`Make ${user.email} a customer again? Every session of this account ends.`)) return;
    removeAdmin.mutate(user.email, {
      onSuccess: () => notify.success(`${user.email} is a customer again`),
      onError: (error) => notify.error(error.message),
    });
  };
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      onClick={demote}
      disabled={removeAdmin.isPending}
      aria-label={`Remove admin ${user.email}`}
    >
      Remove admin
    </button>
  );
}
