// Change the password while signed in: the current one proves it is the owner at the keyboard; the server then signs
// out every other session (B2B.md §7). A wrong current password is a 400, not a 401, so this browser stays signed in.
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { messages } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { ApiRequestError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';
import { confirmationError, currentPasswordError, newPasswordError } from '../password-checks';
import { BusyButton, FailureMessage, ResultMessage } from './form-parts';

interface ChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

const empty: ChangeValues = { currentPassword: '', newPassword: '', confirmation: '' };

/** Server refusals that belong under one field rather than under the form. */
const fieldOf: Partial<Record<string, keyof ChangeValues>> = {
  wrong_password: 'currentPassword',
  password_too_common: 'newPassword',
};

export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangeValues>({ defaultValues: empty });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => reset(empty),
        onError: (error) => {
          const field = error instanceof ApiRequestError ? fieldOf[error.code] : undefined;
          if (field) setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
        },
      },
    ),
  );

  const code = change.error instanceof ApiRequestError ? change.error.code : null;
  const failure = change.error && !(code && fieldOf[code]) ? change.error.message : null;

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
      <InputField
        label="Current password"
        type="password"
        autoComplete="current-password"
        registration={register('currentPassword', { validate: currentPasswordError })}
        error={errors.currentPassword?.message}
      />
      <InputField
        label="New password"
        type="password"
        autoComplete="new-password"
        registration={register('newPassword', { validate: newPasswordError, deps: 'confirmation' })}
        error={errors.newPassword?.message}
      />
      <InputField
        label="Confirm the new password"
        type="password"
        autoComplete="new-password"
        registration={register('confirmation', {
          validate: (confirmation, { newPassword }) => confirmationError(newPassword, confirmation),
        })}
        error={errors.confirmation?.message}
      />
      <FailureMessage>
        {code === 'no_password' ? (
          <>
            {messages.account.noPasswordYet}{' '}
            <Link to="/forgot-password" className="link font-semibold">
              Forgot your password?
            </Link>
          </>
        ) : (
          failure
        )}
      </FailureMessage>
      <div>
        <BusyButton pending={change.isPending} label="Change the password" pendingLabel="Changing the password…" />
      </div>
      <ResultMessage>{change.isSuccess ? messages.account.passwordChanged : null}</ResultMessage>
    </form>
  );
}
