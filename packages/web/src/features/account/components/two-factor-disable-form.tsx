// Turning two-step sign-in off takes both factors again, the password and a code (or a recovery code), so a session
// left open somewhere is not enough to take the second step away. An account without a password (Google only) is told
// to choose one first.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorDisableBodySchema, twoFactorMessages, type TwoFactorDisableBody } from '@kestrel/shared';
import type { z } from 'zod';
import { InputField } from '../../../components/ui/field';
import { ApiRequestError } from '../../../lib/api-client';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { BusyButton, FailureMessage } from './form-parts';

type Parsed = z.output<typeof twoFactorDisableBodySchema>;

const fieldOf: Partial<Record<string, keyof TwoFactorDisableBody>> = {
  wrong_password: 'password',
  invalid_code: 'code',
};

export function TwoFactorDisableForm({ onDisabled }: { onDisabled: () => void }) {
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TwoFactorDisableBody, unknown, Parsed>({
    resolver: zodResolver(twoFactorDisableBodySchema),
    defaultValues: { password: '', code: '' },
  });

  const onSubmit = handleSubmit((body) =>
    disable.mutate(body, {
      onSuccess: onDisabled,
      onError: (error) => {
        const field = error instanceof ApiRequestError ? fieldOf[error.code] : undefined;
        if (field) setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
      },
    }),
  );
  const code = disable.error instanceof ApiRequestError ? disable.error.code : null;
  const failure =
    code === 'no_password'
      ? twoFactorMessages.noPassword
      : disable.error && !(code && fieldOf[code])
        ? disable.error.message
        : null;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex max-w-md flex-col gap-4"
      aria-label="Turn off two-step sign-in"
    >
      <InputField
        label="Password"
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <InputField
        label="Code from the app or a recovery code"
        autoComplete="one-time-code"
        spellCheck={false}
        maxLength={11}
        registration={register('code')}
        error={errors.code?.message}
      />
      <FailureMessage>{failure}</FailureMessage>
      <div>
        <BusyButton
          pending={disable.isPending}
          label="Turn off two-step sign-in"
          pendingLabel="Turning it off…"
          className="btn btn-outline btn-error"
        />
      </div>
    </form>
  );
}
