import { useState } from 'react';
import { MAX_REJECT_REASON_LENGTH, type Order } from '@kestrel/shared';
import { Link } from 'react-router';
import { TextAreaField } from '../../../components/ui/field';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { formatDollars } from '../../../lib/money';
import { useApprovals } from '../../../lib/company-account';
import { OrderDialog } from './order-dialog';

/** Rejecting needs a reason the buyer will read; the dialog asks for it (the API refuses an empty one). */
function RejectModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <OrderDialog
      order={order}
      title="Reject this order?"
      confirmLabel="Reject order"
      dismissLabel="Keep it waiting"
      danger
      onClose={close}
      toCall={(target) => (trimmed ? { orderId: target._id, action: 'reject', body: { reason: trimmed } } : null)}
      doneMessage={(rejected) => `${rejected.number} is rejected`}
    >
      <p>
        Rejecting <strong>{order?.number}</strong> releases its stock; the buyer is mailed your reason.
      </p>
      <TextAreaField
        label="Reason"
        name="reason"
        rows={2}
        required
        maxLength={MAX_REJECT_REASON_LENGTH}
        data-autofocus
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </OrderDialog>
  );
}

/** The owner's approval queue (issue #25): orders of buyers above their spending limit, oldest first. */
export function ApprovalsPage() {
  const { data, isPending, error } = useApprovals();
  const [approving, setApproving] = useState<Order | null>(null);
  const [rejecting, setRejecting] = useState<Order | null>(null);
  return (
    <div className="flex flex-col gap-8">
      <div>
        <PageTitle lead="Orders above a buyer's spending limit wait here for an owner; they hold their stock until decided or expired.">
          Approvals
        </PageTitle>
        {isPending ? <ListState>Loading…</ListState> : null}
        {error ? <ListState alert>{error.message}</ListState> : null}
        {data && data.length === 0 ? <ListState>No orders await approval.</ListState> : null}
        {data && data.length > 0 ? (
          <ul className="flex flex-col gap-3">
            {data.map((order) => (
              <li key={order._id} className="card card-border bg-base-100">
                <div className="card-body gap-2 p-4">
                  <h2 className="card-title text-base">
                    <Link className="link" to={`/dashboard/orders/${encodeURIComponent(order._id)}`}>
                      {order.number}
                    </Link>
                    <span className="font-normal">{formatDollars(order.price)}</span>
                  </h2>
                  <p className="text-sm">
                    {order.userName} ({order.email}) · {order.itemName}
                    {order.poNumber ? ` · PO ${order.poNumber}` : ''}
                    {order.paymentTerms === 'account' ? ' · on account' : ' · card'}
                  </p>
                  <p className="break-words text-sm">{order.approvalReason}</p>
                  <div className="flex flex-wrap gap-2">
                    <button type="button" className="btn btn-primary btn-sm" onClick={() => setApproving(order)}>
                      Approve {order.number}
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline btn-error btn-sm"
                      onClick={() => setRejecting(order)}
                    >
                      Reject {order.number}
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <OrderDialog
        order={approving}
        title="Approve this order?"
        confirmLabel="Approve order"
        dismissLabel="Not yet"
        onClose={() => setApproving(null)}
        toCall={(target) => ({ orderId: target._id, action: 'approve', body: undefined })}
        doneMessage={(approved) => `${approved.number} is approved`}
      >
        <p>
          {approving?.userName} may then{' '}
          {approving?.paymentTerms === 'account' ? 'have it confirmed on account' : 'pay it by card'} (
          {approving ? formatDollars(approving.price) : ''}).
        </p>
      </OrderDialog>
      <RejectModal order={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
