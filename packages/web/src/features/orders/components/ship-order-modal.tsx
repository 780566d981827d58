// Admin: ship an order, all of it or (B2B §14) part of it: a quantity per line, every unit not yet shipped by default,
// with the carrier and tracking number the buyer then sees. Everything at once from `confirmed` is §4's ship; anything
// else is one shipment of the units chosen (the server refuses a line over what remains, naming it).
import { useState } from 'react';
import { MAX_CARRIER_LENGTH, MAX_TRACKING_NUMBER_LENGTH, type Order } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { formatCount } from '../../../lib/count';
import { OrderDialog } from './order-dialog';

const empty = { carrier: '', trackingNumber: '' };

/** Units of a line not yet shipped (nor cancelled). */
export const remainingOf = (line: Order['lines'][number]) =>
  line.quantity - line.shippedQuantity - line.cancelledQuantity;

export function ShipOrderModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const [fields, setFields] = useState(empty);
  // Per line index, what the admin typed; untouched lines ship every remaining unit.
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [checked, setChecked] = useState(false);
  const carrier = fields.carrier.trim();
  const trackingNumber = fields.trackingNumber.trim();
  const lines = (order?.lines ?? []).map((line, index) => {
    const remaining = remainingOf(line);
    const text = typed[index] ?? String(remaining);
    const quantity = Number(text);
    const problem =
      text.trim() === '' || !Number.isInteger(quantity) || quantity < 0
        ? 'Enter a whole number'
        : quantity > remaining
          ? `At most ${formatCount(remaining)}`
          : null;
    return { line, index, remaining, quantity, problem };
  });
  const open = lines.filter((l) => l.remaining > 0);
  const none = open.every((l) => l.problem === null && l.quantity === 0);
  const close = () => {
    setFields(empty);
    setTyped({});
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
        if (!carrier || !trackingNumber || open.some((l) => l.problem !== null) || none) return null;
        const everything = open.every((l) => l.quantity === l.remaining);
        if (target.status === 'confirmed' && everything) {
          return { orderId: target._id, action: 'ship', body: { carrier, trackingNumber } };
        }
        const chosen = open.filter((l) => l.quantity > 0 && l.line.productId !== null);
        return {
          orderId: target._id,
          action: 'shipments',
          body: {
            lines: chosen.map((l) => ({ productId: l.line.productId ?? '', quantity: l.quantity })),
            carrier,
            trackingNumber,
          },
        };
      }}
      doneMessage={(shipped) =>
        shipped.status === 'shipped'
          ? `${shipped.itemName} is shipped`
          : `Shipment ${shipped.shipments.at(-1)?.number ?? ''} is on its way`
      }
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
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">Units in this shipment</legend>
        {open.map(({ line, index, remaining, problem }) => (
          <InputField
            key={`${line.sku}-${index}`}
            label={`${line.sku} ${line.name}`}
            name={`quantity-${index}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={remaining}
            step={1}
            hint={`${formatCount(remaining)} not yet shipped`}
            value={typed[index] ?? String(remaining)}
            onChange={(event) => setTyped({ ...typed, [index]: event.target.value })}
            error={problem ?? undefined}
          />
        ))}
        {checked && none ? (
          <p role="alert" className="text-sm text-error">
            Choose at least one unit to ship
          </p>
        ) : null}
      </fieldset>
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
