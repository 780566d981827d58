// B2B §14: an order's shipments on its page (the buyer's and the admin's): number, lines, carrier, tracking, when it
// shipped and when it arrived; staff who ship mark each one delivered on its own.
import type { Order } from '@kestrel/shared';
import { formatCount } from '../../../lib/count';
import { notify } from '../../../lib/notify';
import { useStaffPermissions } from '../../../lib/staff-permissions';
import { useDeliverShipment } from '../api/deliver-shipment';
import { formatTime } from './order-status';

export function OrderShipments({ order, admin }: { order: Order; admin: boolean }) {
  const permissions = useStaffPermissions();
  const mayDeliver = admin && (permissions === undefined || permissions.includes('orders.ship'));
  const deliver = useDeliverShipment();
  if (order.shipments.length === 0) return <p className="text-sm">Nothing has shipped yet.</p>;
  const nameOf = (productId: string | null, sku: string) =>
    order.lines.find((l) => l.productId === productId && l.sku === sku)?.name ?? '';
  return (
    <ol className="flex flex-col gap-3" aria-label={`Shipments of order ${order.number}`}>
      {order.shipments.map((shipment) => (
        <li key={shipment._id} className="min-w-0 rounded-box border border-base-300 p-3 text-sm">
          <h3 className="font-semibold break-all">Shipment {shipment.number}</h3>
          <ul className="mt-1 flex flex-col gap-0.5">
            {shipment.lines.map((line) => (
              <li key={`${line.sku}-${line.productId ?? ''}`} className="break-words">
                <span className="font-mono">{line.sku}</span> {nameOf(line.productId, line.sku)}:{' '}
                {formatCount(line.quantity)} pc
              </li>
            ))}
          </ul>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
            <dt className="font-medium">Carrier</dt>
            <dd className="break-words">{shipment.carrier ?? 'None'}</dd>
            <dt className="font-medium">Tracking</dt>
            <dd className="font-mono break-all">{shipment.trackingNumber ?? 'None'}</dd>
            <dt className="font-medium">Shipped</dt>
            <dd>
              <time dateTime={shipment.shippedAt}>{formatTime(shipment.shippedAt)}</time>
            </dd>
            <dt className="font-medium">Delivered</dt>
            <dd>
              {shipment.deliveredAt ? (
                <time dateTime={shipment.deliveredAt}>{formatTime(shipment.deliveredAt)}</time>
              ) : (
                'Not yet'
              )}
            </dd>
          </dl>
          {mayDeliver && shipment.deliveredAt === null ? (
            <button
              type="button"
              className="btn btn-outline btn-success btn-sm mt-2"
              aria-label={`Mark shipment ${shipment.number} delivered`}
              disabled={deliver.isPending}
              onClick={() =>
                deliver.mutate(
                  { orderId: order._id, shipmentId: shipment._id },
                  {
                    onSuccess: () => notify.success(`Shipment ${shipment.number} is marked delivered`),
                    onError: (error) => notify.error(error.message),
                  },
                )
              }
            >
              Mark delivered
            </button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
