// What the Payment page shows once its order is paid (B2B §11): that it is paid, the transaction, the invoice's number
// with its download, and the way on to the buyer's orders, instead of asking to pay again.
import { Link } from 'react-router';
import { messages, type Order } from '@kestrel/shared';
import { notify } from '../../../lib/notify';
import { useDownloadInvoice } from '../api/download-invoice';

export function PaidSummary({ order, justPaid }: { order: Order; justPaid: boolean }) {
  const download = useDownloadInvoice();
  const { invoiceNumber } = order;
  return (
    <div role="status" className="flex flex-col gap-3 rounded-box bg-success/10 p-4">
      <p className="font-semibold text-success">{justPaid ? messages.toast.paymentCompleted : 'This order is paid.'}</p>
      {order.transactionId ? (
        <p className="break-all">
          Your transaction id: <span className="font-mono">{order.transactionId}</span>
        </p>
      ) : null}
      {invoiceNumber ? (
        <p>
          Invoice <span className="font-mono font-semibold">{invoiceNumber}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {invoiceNumber ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={download.isPending}
            onClick={() =>
              download.mutate(
                { orderId: order._id, invoiceNumber },
                { onError: (error) => notify.error(error.message) },
              )
            }
          >
            Download invoice {invoiceNumber}
          </button>
        ) : null}
        <Link to="/dashboard/myorder" className="btn btn-outline btn-sm">
          See your orders
        </Link>
      </div>
    </div>
  );
}
