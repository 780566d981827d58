// The one button that runs an action: disabled while it runs, with a spinner before its label and aria-busy for
// screen readers (docs/product.md §8). `type` is 'button' unless the button submits its form.
import type { ButtonHTMLAttributes } from 'react';

type BusyButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** The action is running: the button is disabled and shows the spinner. */
  busy: boolean;
  type?: 'button' | 'submit';
};

export function BusyButton({ busy, disabled, type = 'button', children, ...props }: BusyButtonProps) {
  return (
    <button {...props} type={type === 'submit' ? 'submit' : 'button'} disabled={busy || disabled} aria-busy={busy}>
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
