// Where an order goes, as a row of a details list (B2B §12): an order placed with a ship-to shows the copy it keeps,
// named as a company location when it was one; an order without one shows SPEC's free-text address, as before.
import { addressLines, type Order } from '@kestrel/shared';

export function ShipToRow({ order }: { order: Order }) {
  if (!order.shipTo) {
    return (
      <>
        <dt className="font-medium">Address</dt>
        <dd className="break-words whitespace-pre-line">{order.address}</dd>
      </>
    );
  }
  return (
    <>
      <dt className="font-medium">Ship to</dt>
      <dd className="break-words whitespace-pre-line">
        {order.shipTo.locationId ? <span className="badge badge-outline badge-sm mb-1">Company location</span> : null}
        <span className="block">{addressLines(order.shipTo).join('\n')}</span>
      </dd>
    </>
  );
}
