// Issue 47: an order awaiting approval says why it waits (the spending limit it passed), who decides (the company's
// owners, by name, never its own buyer) and when it expires, with the owners' one reminder before then. On the
// order's pages, the buyer's and the admin's.
import type { Order } from '@kestrel/shared';
import { formatTime } from '../../../lib/date-time';
import { useOrderApproval } from '../api/get-order-approval';

export function ApprovalNotice({ order }: { order: Order }) {
  const awaiting = order.status === 'awaiting_approval';
  const { data: approval, error } = useOrderApproval(order._id, awaiting);
  if (!awaiting) return null;
  if (error) return <p className="text-sm">{error.message}</p>;
  if (!approval) return null;
  const names = approval.deciders.map((d) => d.name);
  return (
    <div role="status" className="mb-3 flex flex-col gap-1 rounded-box border border-base-300 p-3 text-sm">
      <p className="font-semibold">Why it waits</p>
      <p className="break-words">{approval.reason}</p>
      <p className="break-words">
        {names.length > 0
          ? `Who decides: ${names.join(', ')} (owner${names.length > 1 ? 's' : ''} of the company).`
          : 'No other owner of the company can approve it: it expires unless it is cancelled.'}
      </p>
      {approval.expiresAt ? (
        <p>
          It expires <time dateTime={approval.expiresAt}>{formatTime(approval.expiresAt)}</time> unless decided
          {approval.remindAt && names.length > 0 ? (
            <>
              ; the owners {approval.reminded ? 'were reminded' : 'are reminded'}{' '}
              <time dateTime={approval.remindAt}>{formatTime(approval.remindAt)}</time>
            </>
          ) : null}
          .
        </p>
      ) : null}
    </div>
  );
}
