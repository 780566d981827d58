// An order's returns on its page (B2B §14), the buyer's and the admin's alike, and for the buyer "Return items" while
// delivered units can still be asked back. A company's viewers read returns but may not ask for one.
import { useState } from 'react';
import type { Order } from '@kestrel/shared';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-store';
import { useReturns } from '../../../lib/return-query';
import { returnableLines } from '../returnable';
import { ReturnItemsDialog } from './return-items-dialog';
import { ReturnsTable } from './returns-table';

export function OrderReturns({ order, admin }: { order: Order; admin: boolean }) {
  const { data: returns, isPending, isError, error } = useReturns({ orderId: order._id });
  const viewer = useAuth().user?.company?.role === 'viewer';
  const [open, setOpen] = useState(false);
  if (isPending) return <Spinner size="sm" label="Loading the returns" />;
  if (isError) return <p role="alert">{error.message}</p>;
  const returnable = admin || viewer ? [] : returnableLines(order, returns);
  return (
    <div className="flex flex-col gap-3">
      {returns.length > 0 ? (
        <ReturnsTable returns={returns} caption={`Returns of order ${order.number}`} />
      ) : (
        <p className="text-sm">No returns for this order.</p>
      )}
      {returnable.length > 0 ? (
        <div>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
            Return items
          </button>
          <ReturnItemsDialog order={order} lines={returnable} open={open} onClose={() => setOpen(false)} />
        </div>
      ) : null}
    </div>
  );
}
