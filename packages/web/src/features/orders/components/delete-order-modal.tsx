import { useState } from 'react';
import type { Order } from '@kestrel/shared';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { notify } from '../../../lib/notify';
import { useDeleteOrder } from '../api/delete-order';

interface DeleteOrderModalProps {
  order: Order | null;
  onClose: () => void;
  onDeleted: (order: Order) => void;
}

/** Deleting an unpaid order is final, so it is confirmed first (docs/product.md §13). */
export function DeleteOrderModal({ order, onClose, onDeleted }: DeleteOrderModalProps) {
  const deleteOrder = useDeleteOrder();
  // Said inside the dialog as well: the page behind a modal <dialog>, toasts included, is inert.
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = () => {
    if (!order) return;
    setProblem(null);
    deleteOrder.mutate(order._id, {
      onSuccess: () => {
        onDeleted(order);
        close();
      },
      onError: (error) => {
        setProblem(error.message);
        notify.error(error.message);
      },
    });
  };
  return (
    <Modal open={order !== null} onClose={close} title="Delete this order?">
      <p>
        Are you sure you want to delete the order of <strong>{order?.itemName}</strong> ({order?.quantity} pc)? The
        reserved stock is released.
      </p>
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-error">
          {problem}
        </p>
      ) : null}
      <ModalActions
        dismissLabel="Cancel"
        onDismiss={close}
        confirmLabel="Yes, delete"
        pending={deleteOrder.isPending}
        danger
        onConfirm={confirm}
      />
    </Modal>
  );
}
