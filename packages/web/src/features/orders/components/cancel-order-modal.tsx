import { useState } from 'react';
import { MAX_CANCEL_REASON_LENGTH, type Order } from '@kestrel/shared';
import { TextAreaField } from '../../../components/ui/field';
import { formatDollars } from '../../../lib/money';
import { cancelRefunds } from '../order-actions';
import { OrderDialog } from './order-dialog';

/**
 * Cancelling ends an order for good and releases its stock (B2B §4), so it is confirmed first; a paid card order is
 * refunded, and the dialog says so before anyone clicks.
 */
export function CancelOrderModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  const trimmed = reason.trim();
  return (
    <OrderDialog
      order={order}
      title="Cancel this order?"
      confirmLabel="Yes, cancel order"
      dismissLabel="Keep order"
      danger
      onClose={close}
      toCall={(target) => ({ orderId: target._id, action: 'cancel', body: trimmed ? { reason: trimmed } : {} })}
      doneMessage={(cancelled) => `${cancelled.itemName} is cancelled`}
    >
      <p>
        Cancelling the order of <strong>{order?.itemName}</strong> ({order?.quantity} pc) ends it for good and releases
        its reserved stock.
      </p>
      {order && cancelRefunds(order) ? (
        <p className="font-medium">The card payment of {formatDollars(order.price)} will be refunded.</p>
      ) : null}
      <TextAreaField
        label="Reason (optional)"
        name="reason"
        rows={2}
        maxLength={MAX_CANCEL_REASON_LENGTH}
        data-autofocus
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </OrderDialog>
  );
}
