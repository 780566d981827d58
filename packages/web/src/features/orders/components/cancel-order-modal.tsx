import { useState } from 'react';
import { MAX_CANCEL_REASON_LENGTH, type Order } from '@kestrel/shared';
import { TextAreaField } from '../../../components/ui/field';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';
import { cancelRefunds, unshippedUnits } from '../order-actions';
import { OrderDialog } from './order-dialog';

/** Where the credit of a partly shipped order's cancelled units goes (billing decides; this only says it). */
function settledBy(order: Order): string {
  if (cancelRefunds(order)) return ' and refunded to the card';
  if (order.paymentTerms !== 'account') return '';
  return order.paid ? ' and credited to the company account' : ' and taken off the invoice';
}

/**
 * Cancelling ends an order for good and releases its stock (B2B §4), so it is confirmed first; a paid card order is
 * refunded, and the dialog says so before anyone clicks. A partly shipped order (B2B §14) keeps what has shipped: only
 * its unshipped units are cancelled, and the server credits exactly those with their tax.
 */
export function CancelOrderModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  const trimmed = reason.trim();
  const rest = order?.status === 'partially_shipped' ? unshippedUnits(order) : null;
  return (
    <OrderDialog
      order={order}
      title={rest === null ? 'Cancel this order?' : 'Cancel the unshipped units?'}
      confirmLabel={rest === null ? 'Yes, cancel order' : 'Yes, cancel them'}
      dismissLabel="Keep order"
      danger
      onClose={close}
      toCall={(target) => ({ orderId: target._id, action: 'cancel', body: trimmed ? { reason: trimmed } : {} })}
      doneMessage={(cancelled) =>
        rest === null
          ? `${cancelled.itemName} is cancelled`
          : `The unshipped units of ${cancelled.number} are cancelled`
      }
    >
      {rest === null ? (
        <p>
          Cancelling the order of <strong>{order?.itemName}</strong> ({order?.quantity} pc) ends it for good and
          releases its reserved stock.
        </p>
      ) : (
        <p>
          The <strong>{formatCount(rest)}</strong> unit{rest === 1 ? '' : 's'} of order {order?.number} not yet shipped
          will be cancelled and go back into stock; what has shipped stays. A credit note for them, with their tax, is
          issued{order ? settledBy(order) : ''}.
        </p>
      )}
      {order && rest === null && cancelRefunds(order) ? (
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
