// The pieces every account form shares: a submit button that says it is busy, and the regions that announce a result.
import type { ReactNode } from 'react';

interface BusyButtonProps {
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
  ariaLabel?: string;
}

/** Disabled and aria-busy while its call is out, so a second press cannot send it twice. */
export function BusyButton({
  pending,
  label,
  pendingLabel,
  className = 'btn btn-primary',
  type = 'submit',
  onClick,
  ariaLabel,
}: BusyButtonProps) {
  return (
    <button
      type={type}
      className={className}
      disabled={pending}
      aria-busy={pending}
      aria-label={pending ? undefined : ariaLabel}
      onClick={onClick}
    >
      {pending ? (
        <>
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          {pendingLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}

/**
 * A result read out when it appears: the polite region is in the page from the start (a region added together with
 * its text is often not announced). Children: the message, or nothing yet.
 */
export function ResultMessage({ children }: { children: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      {children ? <div className="font-semibold text-success">{children}</div> : null}
    </div>
  );
}

/** A failure, said at once (docs/product.md §8: in small red text). */
export function FailureMessage({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className="text-sm text-error">
      {children}
    </div>
  );
}
