// The Security page's two-step sign-in part (B2B §15): off (set it up), setting up (QR code, key, first code), the
// recovery codes once it is on, and on (codes left, turn it off).
import { useState } from 'react';
import { twoFactorMessages, type TwoFactorSetup } from '@kestrel/shared';
import { Spinner } from '../../../components/ui/spinner';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { useTwoFactor } from '../api/get-two-factor';
import { BusyButton, FailureMessage, ResultMessage } from './form-parts';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorDisableForm } from './two-factor-disable-form';
import { TwoFactorSetupForm } from './two-factor-setup';

type Step = { kind: 'idle' } | { kind: 'setting-up'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] };

export function TwoFactorPart() {
  const status = useTwoFactor();
  const start = useSetupTwoFactor();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [done, setDone] = useState<string | null>(null);

  const begin = () => {
    setDone(null);
    start.mutate(undefined, { onSuccess: (setup) => setStep({ kind: 'setting-up', setup }) });
  };

  if (step.kind === 'codes') {
    return <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />;
  }
  if (step.kind === 'setting-up') {
    return (
      <TwoFactorSetupForm
        setup={step.setup}
        onEnabled={(codes) => setStep({ kind: 'codes', codes })}
        onCancel={() => setStep({ kind: 'idle' })}
      />
    );
  }
  if (status.isPending) return <Spinner size="sm" label="Loading two-step sign-in" />;
  if (status.isError) return <FailureMessage>{status.error.message}</FailureMessage>;

  if (status.data.enabled) {
    const left = status.data.recoveryCodesLeft;
    return (
      <div className="flex flex-col gap-4">
        <p>
          Two-step sign-in is <strong>on</strong>: signing in asks for a code from your authenticator app.{' '}
          {left === 1 ? '1 recovery code is left.' : `${left} recovery codes are left.`}
        </p>
        <TwoFactorDisableForm onDisabled={() => setDone(twoFactorMessages.disabled)} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p>
        Two-step sign-in is <strong>off</strong>. Turn it on and signing in asks for your password and a code from an
        authenticator app on your phone, so a stolen password alone does not open your account.
      </p>
      <FailureMessage>{start.error?.message}</FailureMessage>
      <div>
        <BusyButton
          pending={start.isPending}
          label="Set up two-step sign-in"
          pendingLabel="Preparing…"
          onClick={begin}
          type="button"
        />
      </div>
      <ResultMessage>{done}</ResultMessage>
    </div>
  );
}
