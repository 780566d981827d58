import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Modal } from './modal';
import { ModalActions } from './modal-actions';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What the step does and what cannot be taken back. */
  children: ReactNode;
  confirmLabel: string;
  dismissLabel?: string;
  danger?: boolean;
  /** The step itself (a mutation's mutateAsync); a rejection's message is said inside the dialog, which stays open. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Where focus lands once the step removed the button that opened the dialog: its row, card or section. */
const LANDING = 'tr, li, section, main';

/** How long the opener may take to leave the page (the list's refetch and render) before focus is left alone. */
const LANDING_WAIT_MS = 3000;

/**
 * Moves focus to the first control left in `landing` once `button` is gone. The step's answer comes before the list
 * that shows it has re-rendered (the query library renders on a later task, later still on a loaded machine), so this
 * waits for the button to leave the page rather than guessing a frame; it moves nothing if the button stays, if the
 * row went too, or if the user has put focus somewhere themselves meanwhile.
 */
function landOnceGone(button: Element, landing: Element) {
  const land = () => {
    if (!landing.isConnected) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected) return;
    // Not a control of a closed dialog in the same row (another step's ConfirmDialog renders beside its button).
    const controls = landing.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input, [tabindex="0"]');
    Array.from(controls)
      .find((control) => !control.closest('dialog:not([open])'))
      ?.focus();
  };
  // A frame first: the dialog must have closed (the page behind it is inert until then).
  requestAnimationFrame(() => {
    if (!button.isConnected) land();
    else watchUntilGone(button, land);
  });
}

function watchUntilGone(button: Element, land: () => void) {
  const watch = new MutationObserver(() => {
    if (button.isConnected) return;
    stop();
    land();
  });
  const timer = setTimeout(() => stop(), LANDING_WAIT_MS);
  const stop = () => {
    watch.disconnect();
    clearTimeout(timer);
  };
  watch.observe(document.body, { childList: true, subtree: true });
}

/**
 * A one-click step with no way back (mark delivered, make or remove an administrator, sign out everywhere) asked for
 * first, in the app's own modal dialog: focus moves into it, Escape or the dismiss button cancels, and focus returns to
 * the button that opened it (components/ui/modal). When the step took that button away (Make Admin becomes Remove
 * admin), focus goes to the first control left in its row or card rather than to the top of the page.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, dismissLabel = 'Cancel', danger = false, onConfirm, onClose } = props;
  const [pending, setPending] = useState(false);
  // Said inside the dialog: the page behind a modal <dialog>, toasts included, is inert.
  const [problem, setProblem] = useState<string | null>(null);
  const opener = useRef<{ button: Element | null; landing: Element | null }>({ button: null, landing: null });
  // A layout effect runs before the Modal's effect moves focus into the dialog, so this is still the opening button.
  useLayoutEffect(() => {
    if (!open) return;
    const button = document.activeElement;
    opener.current = { button, landing: button?.closest(LANDING) ?? null };
  }, [open]);

  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = () => {
    const { button, landing } = opener.current;
    setProblem(null);
    setPending(true);
    onConfirm().then(
      () => {
        setPending(false);
        close();
        if (button && landing) landOnceGone(button, landing);
      },
      (error: unknown) => {
        setPending(false);
        setProblem(error instanceof Error ? error.message : String(error));
      },
    );
  };

  return (
    <Modal open={open} onClose={close} title={title}>
      <div className="flex flex-col gap-3">{children}</div>
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-error">
          {problem}
        </p>
      ) : null}
      <ModalActions
        dismissLabel={dismissLabel}
        onDismiss={close}
        confirmLabel={confirmLabel}
        pending={pending}
        danger={danger}
        onConfirm={confirm}
      />
    </Modal>
  );
}
