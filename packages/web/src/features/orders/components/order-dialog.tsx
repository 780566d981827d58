import { useState, type FormEvent, type ReactNode } from 'react';
import type { Order } from '@kestrel/shared';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { humanMessage } from '../../../lib/human-message';
import { notify } from '../../../lib/notify';
import { useTransitionOrder, type Transition } from '../api/transition-order';
import { FormProblem } from '../../../components/ui/form-problem';

interface OrderDialogProps {
  /** The order the dialog is about; null keeps it closed. */
  order: Order | null;
  title: string;
  confirmLabel: string;
  dismissLabel?: string;
  danger?: boolean;
  /** The call to make for this order, or null while a field still needs fixing (the field says why). */
  toCall: (order: Order) => Transition | null;
  /** The toast once the server has taken the step. */
  doneMessage: (order: Order) => string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * One lifecycle step (ship, cancel, mark paid) asked for in a modal <dialog>: focus stays inside, Escape closes it,
 * and focus goes back to the button that opened it (components/ui/modal). The server's refusal is said inside the
 * dialog as well as in a toast, since the page behind a modal dialog, toasts included, is inert.
 */
export function OrderDialog(props: OrderDialogProps) {
  const { order, title, confirmLabel, dismissLabel = 'Cancel', danger = false, toCall, doneMessage, onClose } = props;
  const step = useTransitionOrder();
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const call = order ? toCall(order) : null;
    if (!call) return;
    setProblem(null);
    step.mutate(call, {
      onSuccess: (updated) => {
        notify.success(doneMessage(updated));
        close();
      },
      onError: (error) => {
        setProblem(humanMessage(error.message));
        notify.error(humanMessage(error.message));
      },
    });
  };
  return (
    <Modal open={order !== null} onClose={close} title={title}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        {props.children}
        <FormProblem message={problem} />
        <ModalActions
          dismissLabel={dismissLabel}
          onDismiss={close}
          confirmLabel={confirmLabel}
          pending={step.isPending}
          danger={danger}
        />
      </form>
    </Modal>
  );
}
