import { useState } from 'react';
import { MAX_PAYMENT_REFERENCE_LENGTH, type Order } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { formatDollars } from '../../../lib/money';
import { OrderDialog } from './order-dialog';

/** Admin: an on-account order's money has arrived; the reference ties it to the bank statement (B2B §4). */
export function MarkPaidModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const [reference, setReference] = useState('');
  const [checked, setChecked] = useState(false);
  const trimmed = reference.trim();
  const close = () => {
    setReference('');
    setChecked(false);
    onClose();
  };
  return (
    <OrderDialog
      order={order}
      title="Mark this order paid"
      confirmLabel="Mark paid"
      onClose={close}
      toCall={(target) => {
        setChecked(true);
        if (!trimmed) return null;
        return { orderId: target._id, action: 'mark-paid', body: { reference: trimmed } };
      }}
      doneMessage={(paid) => `${paid.itemName} is marked paid`}
    >
      <p>
        <strong>{order?.itemName}</strong>: {order ? formatDollars(order.price) : null} on account from {order?.email}
      </p>
      <InputField
        label="Payment reference"
        name="reference"
        autoComplete="off"
        maxLength={MAX_PAYMENT_REFERENCE_LENGTH}
        hint="The bank transfer's reference or remittance number."
        data-autofocus
        value={reference}
        onChange={(event) => setReference(event.target.value)}
        error={checked && !trimmed ? 'Enter the payment reference' : undefined}
      />
    </OrderDialog>
  );
}
