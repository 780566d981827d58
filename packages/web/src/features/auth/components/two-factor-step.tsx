// The code step of a sign-in (B2B §15): after a right password (or a Google sign-in) into an account with two-step
// sign-in on, the server answered a challenge; the 6-digit code from the authenticator app, or a recovery code,
// finishes it. A wrong or reused code stays on this step with the server's message under the field; an expired
// challenge (5 minutes) sends the person back to the password.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorCodeFormSchema, twoFactorMessages, type TwoFactorCodeForm } from '@kestrel/shared';
import type { z } from 'zod';
import { InputField } from '../../../components/ui/field';
import { FormCard } from '../../../components/ui/form-card';
import { ApiRequestError } from '../../../lib/api-client';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { FormProblem } from '../../../components/ui/form-problem';
import { SubmitButton } from './auth-card';

type Parsed = z.output<typeof twoFactorCodeFormSchema>;

export interface TwoFactorStepProps {
  challenge: string;
  /** After the code is right: the session is stored, go on. */
  onSignedIn: () => void;
  /** Back to the password step (the challenge expired, or the person chose to). */
  onRestart: () => void;
}

export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const verify = useVerifyTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TwoFactorCodeForm, unknown, Parsed>({
    resolver: zodResolver(twoFactorCodeFormSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(({ code }) =>
    verify.mutate(
      { challenge, code },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'invalid_code') {
            setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
          }
        },
      },
    ),
  );

  const code = verify.error instanceof ApiRequestError ? verify.error.code : null;
  const expired = code === 'challenge_expired';
  const failure = verify.error && code !== 'invalid_code' && !expired ? verify.error.message : null;

  return (
    <FormCard title="Two-step sign-in">
      <p>Enter the 6-digit code your authenticator app shows for Kestrel Components.</p>
      {expired ? (
        <>
          <FormProblem message={twoFactorMessages.challengeExpired} />
          <button type="button" className="btn btn-primary w-full" onClick={onRestart}>
            Sign in again
          </button>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <InputField
            label="Code"
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
            spellCheck={false}
            maxLength={11}
            hint="Lost your phone? Enter one of your recovery codes instead."
            registration={register('code')}
            error={errors.code?.message}
          />
          <FormProblem message={failure} />
          <SubmitButton pending={verify.isPending} label="Verify" pendingLabel="Checking the code…" />
          <button type="button" className="btn btn-ghost btn-sm" onClick={onRestart}>
            Back to the password
          </button>
        </form>
      )}
    </FormCard>
  );
}
