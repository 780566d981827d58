import { useState } from 'react';
import { MAX_CARRIER_LENGTH, MAX_TRACKING_NUMBER_LENGTH, type Order } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { OrderDialog } from './order-dialog';

const empty = { carrier: '', trackingNumber: '' };

/** Admin: confirmed -> shipped, with the carrier and tracking number the buyer then sees (B2B §4). */
export function ShipOrderModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const [fields, setFields] = useState(empty);
  const [checked, setChecked] = useState(false);
  const carrier = fields.carrier.trim();
  const trackingNumber = fields.trackingNumber.trim();
  const close = () => {
    setFields(empty);
    setChecked(false);
    onClose();
  };
  return (
    <OrderDialog
      order={order}
      title="Ship this order"
      confirmLabel="Mark as shipped"
      onClose={close}
      toCall={(target) => {
        setChecked(true);
        if (!carrier || !trackingNumber) return null;
        return { orderId: target._id, action: 'ship', body: { carrier, trackingNumber } };
      }}
      doneMessage={(shipped) => `${shipped.itemName} is shipped`}
    >
      <p>
        <strong>{order?.itemName}</strong> ({order?.quantity} pc) to {order?.userName},{' '}
        <span className="whitespace-pre-line">{order?.address}</span>
      </p>
      {order?.note ? (
        <div className="rounded-box border border-warning p-3">
          <p className="text-sm font-semibold">Note from the buyer</p>
          <p className="whitespace-pre-line break-words">{order.note}</p>
        </div>
      ) : null}
      <InputField
        label="Carrier"
        name="carrier"
        autoComplete="off"
        maxLength={MAX_CARRIER_LENGTH}
        data-autofocus
        value={fields.carrier}
        onChange={(event) => setFields({ ...fields, carrier: event.target.value })}
        error={checked && !carrier ? 'Enter the carrier' : undefined}
      />
      <InputField
        label="Tracking number"
        name="trackingNumber"
        autoComplete="off"
        maxLength={MAX_TRACKING_NUMBER_LENGTH}
        value={fields.trackingNumber}
        onChange={(event) => setFields({ ...fields, trackingNumber: event.target.value })}
        error={checked && !trackingNumber ? 'Enter the tracking number' : undefined}
      />
    </OrderDialog>
  );
}
