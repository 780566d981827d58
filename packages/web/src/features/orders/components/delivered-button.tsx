// Shipped -> delivered (B2B §4): the buyer confirms the goods arrived, or an administrator records it for them.
import type { Order } from '@kestrel/shared';
import { notify } from '../../../lib/notify';
import { useTransitionOrder } from '../api/transition-order';

export function DeliveredButton({ order }: { order: Order }) {
  const step = useTransitionOrder();
  return (
    <button
      type="button"
      className="btn btn-outline btn-success btn-sm"
      aria-label={`Mark ${order.itemName} as delivered`}
      disabled={step.isPending}
      onClick={() =>
        step.mutate(
          { orderId: order._id, action: 'deliver', body: undefined },
          {
            onSuccess: (delivered) => notify.success(`${delivered.itemName} is marked delivered`),
            onError: (error) => notify.error(error.message),
          },
        )
      }
    >
      Mark as delivered
    </button>
  );
}
