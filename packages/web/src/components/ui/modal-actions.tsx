import type { ReactNode } from 'react';
import { BusyButton } from './busy-button';

interface ModalActionsProps {
  /** The way out that changes nothing ("Cancel", "Keep it"). */
  dismissLabel: ReactNode;
  onDismiss: () => void;
  /** The step the dialog asks for ("Yes, delete"); it shows a spinner and is disabled while `pending`. */
  confirmLabel: ReactNode;
  pending: boolean;
  /** A step that cannot be taken back is red. */
  danger?: boolean;
  /** Without it the step submits the dialog's form. */
  onConfirm?: () => void;
}

/** The two buttons at the foot of every dialog: dismiss on the left, the step on the right. */
export function ModalActions({ dismissLabel, onDismiss, confirmLabel, pending, danger, onConfirm }: ModalActionsProps) {
  return (
    <div className="modal-action">
      <button type="button" className="btn btn-ghost" onClick={onDismiss}>
        {dismissLabel}
      </button>
      <BusyButton
        busy={pending}
        type={onConfirm ? 'button' : 'submit'}
        className={`btn ${danger ? 'btn-error' : 'btn-primary'}`}
        onClick={onConfirm}
      >
        {confirmLabel}
      </BusyButton>
    </div>
  );
}
