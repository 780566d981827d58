// Whether the account's e-mail address is confirmed, and a way to have the confirmation link sent again.
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@kestrel/shared';
import { Spinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { accountQueryKey, useAccount } from '../api/get-account';
import { useResendVerification } from '../api/resend-verification';
import { BusyButton, FailureMessage, ResultMessage } from './form-parts';

export function EmailStatus() {
  const account = useAccount();
  const resend = useResendVerification();
  const queryClient = useQueryClient();
  const alreadyVerified = resend.error instanceof ApiRequestError && resend.error.code === 'already_verified';

  const send = () =>
    resend.mutate(undefined, {
      // Confirmed meanwhile (a link opened elsewhere): show the address as it is now.
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === 'already_verified')
          void queryClient.invalidateQueries({ queryKey: accountQueryKey });
      },
    });

  if (account.isPending) return <Spinner label="Loading your e-mail address" />;
  if (account.isError) return <FailureMessage>{account.error.message}</FailureMessage>;
  const { email, emailVerified } = account.data;
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="flex flex-wrap items-center gap-2 break-all">
        <span>{email}</span>
        {emailVerified ? (
          <span className="badge badge-success">Confirmed</span>
        ) : (
          <span className="badge badge-warning">Not confirmed yet</span>
        )}
      </p>
      {emailVerified ? null : (
        <BusyButton
          type="button"
          pending={resend.isPending}
          label="Send the confirmation link again"
          pendingLabel="Sending the link…"
          className="btn btn-outline btn-sm"
          onClick={send}
        />
      )}
      <ResultMessage>
        {resend.isSuccess
          ? messages.account.verificationSent
          : alreadyVerified
            ? messages.account.alreadyVerified
            : null}
      </ResultMessage>
      <FailureMessage>{resend.error && !alreadyVerified ? resend.error.message : null}</FailureMessage>
    </div>
  );
}
