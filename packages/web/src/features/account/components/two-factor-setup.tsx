// Setting up two-step sign-in (B2B §15): the QR code to scan, the same secret as text for apps that cannot scan,
// and the first code, which turns it on. A setup replaces the last unfinished one, so "Start again" is always safe.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorEnableBodySchema, type TwoFactorEnableBody, type TwoFactorSetup } from '@kestrel/shared';
import type { z } from 'zod';
import { InputField } from '../../../components/ui/field';
import { ApiRequestError } from '../../../lib/api-client';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { BusyButton, FailureMessage } from './form-parts';
import { SetupQrCode } from './setup-qr-code';

type Parsed = z.output<typeof twoFactorEnableBodySchema>;

/** The base32 secret in groups of four, as authenticator apps accept it typed with or without the spaces. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export interface TwoFactorSetupProps {
  setup: TwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

export function TwoFactorSetupForm({ setup, onEnabled, onCancel }: TwoFactorSetupProps) {
  const enable = useEnableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TwoFactorEnableBody, unknown, Parsed>({
    resolver: zodResolver(twoFactorEnableBodySchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit((body) =>
    enable.mutate(body, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === 'invalid_code') {
          setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
        }
      },
    }),
  );
  const code = enable.error instanceof ApiRequestError ? enable.error.code : null;

  return (
    <div className="flex flex-col gap-4">
      <ol className="list-decimal space-y-1 pl-5">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Scan this QR code, or type the setup key into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <SetupQrCode otpauthUrl={setup.otpauthUrl} />
      <p>
        Setup key:{' '}
        <code id="two-factor-secret" className="break-all rounded bg-base-200 px-2 py-1 font-mono">
          {grouped(setup.secret)}
        </code>
      </p>
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex max-w-md flex-col gap-4"
        aria-label="Turn on two-step sign-in"
      >
        <InputField
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          registration={register('code')}
          error={errors.code?.message}
        />
        <FailureMessage>{enable.error && code !== 'invalid_code' ? enable.error.message : null}</FailureMessage>
        <div className="flex flex-wrap gap-2">
          <BusyButton pending={enable.isPending} label="Turn on two-step sign-in" pendingLabel="Turning it on…" />
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
