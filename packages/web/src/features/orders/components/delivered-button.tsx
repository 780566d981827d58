// Shipped -> delivered (B2B §4): the buyer confirms the goods arrived, or an administrator records it for them. A
// delivered order cannot go back to shipped, so the step is asked for first (issue #47).
import { useState } from 'react';
import type { Order } from '@kestrel/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatCount } from '../../../lib/count';
import { notify } from '../../../lib/notify';
import { useTransitionOrder } from '../api/transition-order';

export function DeliveredButton({ order }: { order: Order }) {
  const step = useTransitionOrder();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-success btn-sm"
        aria-label={`Mark ${order.itemName} as delivered`}
        disabled={step.isPending}
        onClick={() => setAsking(true)}
      >
        Mark as delivered
      </button>
      <ConfirmDialog
        open={asking}
        title="Mark this order as delivered?"
        confirmLabel="Yes, it was delivered"
        dismissLabel="Not yet"
        onClose={() => setAsking(false)}
        // mutateAsync: once delivered, the order's actions re-render without this button (and this dialog).
        onConfirm={() =>
          step.mutateAsync({ orderId: order._id, action: 'deliver', body: undefined }).then(
            (delivered) => notify.success(`${delivered.itemName} is marked delivered`),
            (error: unknown) => {
              if (error instanceof Error) notify.error(error.message);
              throw error;
            },
          )
        }
      >
        <p>
          Order <strong>{order.number}</strong> ({order.itemName}, {formatCount(order.quantity)} pc) is recorded as
          delivered to its buyer. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
