// A button whose step is asked for first in the app's own dialog (issue #47's way for every step that cannot be
// undone): the dialog names what happens, runs the step, toasts what it did, and says a refusal inside itself.
import { useState, type ReactNode } from 'react';
import { notify } from '../../lib/notify';
import { ConfirmDialog } from './confirm-dialog';

interface ConfirmedButtonProps {
  label: string;
  /** The button's accessible name, when the label alone does not say whose. */
  ariaLabel: string;
  title: string;
  confirmLabel: string;
  dismissLabel: string;
  /** The step; its result's message is toasted. */
  run: () => Promise<string>;
  /** True while the step runs elsewhere (the button is then disabled). */
  pending: boolean;
  children: ReactNode;
}

export function ConfirmedButton({
  label,
  ariaLabel,
  title,
  confirmLabel,
  dismissLabel,
  run,
  pending,
  children,
}: ConfirmedButtonProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => setAsking(true)}
        disabled={pending}
        aria-label={ariaLabel}
      >
        {label}
      </button>
      <ConfirmDialog
        open={asking}
        title={title}
        confirmLabel={confirmLabel}
        dismissLabel={dismissLabel}
        danger
        onClose={() => setAsking(false)}
        onConfirm={() =>
          run().then(
            (done) => notify.success(done),
            (error: unknown) => {
              if (error instanceof Error) notify.error(error.message);
              throw error;
            },
          )
        }
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
