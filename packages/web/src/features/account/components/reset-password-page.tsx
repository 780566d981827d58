// /reset-password/:token, the page the reset mail links to: a new password, twice. The token is single-use and
// short-lived, so a refused one leads back to asking for a new link.
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { messages } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { ApiRequestError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResetPassword } from '../api/reset-password';
import { confirmationError, newPasswordError } from '../password-checks';
import { FormCard } from '../../../components/ui/form-card';
import { BusyButton, FailureMessage, ResultMessage } from './form-parts';

interface ResetValues {
  password: string;
  confirmation: string;
}

const isCode = (error: unknown, code: string) => error instanceof ApiRequestError && error.code === code;

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const { token = '' } = useParams();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetValues>({ defaultValues: { password: '', confirmation: '' } });

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          // The server's own password rule (a too common one) belongs under the field it is about.
          if (isCode(error, 'password_too_common'))
            setError('password', { type: 'server', message: error.message }, { shouldFocus: true });
        },
      },
    ),
  );

  // The form goes once the password is set; focus goes to the next step rather than to the top of the page.
  const loginLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (reset.isSuccess) loginLink.current?.focus();
  }, [reset.isSuccess]);

  const invalidLink = isCode(reset.error, 'invalid_token');
  const failure =
    reset.error && !invalidLink && !isCode(reset.error, 'password_too_common') ? reset.error.message : null;

  return (
    <FormCard title="Choose a new password">
      {reset.isSuccess ? null : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <InputField
            label="New password"
            type="password"
            autoComplete="new-password"
            registration={register('password', { validate: newPasswordError, deps: 'confirmation' })}
            error={errors.password?.message}
          />
          <InputField
            label="Confirm the new password"
            type="password"
            autoComplete="new-password"
            registration={register('confirmation', {
              validate: (confirmation, { password }) => confirmationError(password, confirmation),
            })}
            error={errors.confirmation?.message}
          />
          <FailureMessage>
            {invalidLink ? (
              <>
                {messages.account.invalidToken}{' '}
                <Link to="/forgot-password" className="link font-semibold">
                  Ask for a new link
                </Link>
              </>
            ) : (
              failure
            )}
          </FailureMessage>
          <BusyButton
            pending={reset.isPending}
            label="Set the new password"
            pendingLabel="Setting the new password…"
            className="btn btn-primary w-full"
          />
        </form>
      )}
      <ResultMessage>
        {reset.isSuccess ? (
          <>
            {messages.account.resetDone}{' '}
            <Link ref={loginLink} to="/login" className="link">
              Go to login
            </Link>
          </>
        ) : null}
      </ResultMessage>
    </FormCard>
  );
}
