// The shop's Returns queue (B2B §14): every return, filtered by status; authorize or reject a requested one (returns.decide),
// receive an authorized one with a restock choice per line (orders.ship). The server refuses the others either way.
import { useState } from 'react';
import type { Return } from '@kestrel/shared';
import { PageTitle } from '../../../components/ui/page-title';
import { notify } from '../../../lib/notify';
import { useStaffPermissions } from '../../../lib/staff-permissions';
import { useReturnStep } from '../api/return-steps';
import { ReceiveReturnDialog } from './receive-return-dialog';
import { RejectReturnDialog } from './reject-return-dialog';
import { ReturnsList } from './returns-list';

export function ManageReturnsPage() {
  const permissions = useStaffPermissions();
  const may = (permission: 'returns.decide' | 'orders.ship') => !permissions || permissions.includes(permission);
  const step = useReturnStep();
  const [rejecting, setRejecting] = useState<Return | null>(null);
  const [receiving, setReceiving] = useState<Return | null>(null);

  const authorize = (rma: Return) =>
    step.mutate(
      { returnId: rma._id, action: 'authorize', body: {} },
      {
        onSuccess: (done) =>
          notify.success(`Return ${done.number} is authorized; the buyer is mailed where to send it`),
        onError: (failure) => notify.error(failure.message),
      },
    );

  const actions = (rma: Return) => {
    if (rma.status === 'requested' && may('returns.decide')) {
      return (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            aria-label={`Authorize return ${rma.number}`}
            disabled={step.isPending}
            onClick={() => authorize(rma)}
          >
            Authorize
          </button>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            aria-label={`Reject return ${rma.number}`}
            onClick={() => setRejecting(rma)}
          >
            Reject
          </button>
        </div>
      );
    }
    if (rma.status === 'authorized' && may('orders.ship')) {
      return (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-label={`Receive return ${rma.number}`}
          onClick={() => setReceiving(rma)}
        >
          Receive
        </button>
      );
    }
    return <span className="text-sm">None</span>;
  };

  return (
    <>
      <PageTitle lead="Returns customers asked for: authorize or reject a request, receive the goods of an authorized one.">
        Returns
      </PageTitle>
      <ReturnsList
        none="No returns have been asked for yet."
        caption="Returns to handle"
        orderLink={(rma) => `/dashboard/manage-orders/${encodeURIComponent(rma.orderId)}`}
        actions={actions}
      />
      <RejectReturnDialog rma={rejecting} onClose={() => setRejecting(null)} />
      <ReceiveReturnDialog rma={receiving} onClose={() => setReceiving(null)} />
    </>
  );
}
