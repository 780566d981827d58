// An order's documents where its facts are shown (B2B §11): the invoice's number, and the credit note with its
// download once the order was credited.
import type { Order } from '@kestrel/shared';
import { notify } from '../../../lib/notify';
import { useDownloadCreditNote } from '../api/download-credit-note';

function CreditNoteButton({ order, creditNoteNumber }: { order: Order; creditNoteNumber: string }) {
  const download = useDownloadCreditNote();
  return (
    <button
      type="button"
      className="btn btn-outline btn-xs"
      disabled={download.isPending}
      aria-label={`Download credit note ${creditNoteNumber} of ${order.itemName}`}
      onClick={() =>
        download.mutate({ orderId: order._id, creditNoteNumber }, { onError: (error) => notify.error(error.message) })
      }
    >
      Download credit note
    </button>
  );
}

export function OrderDocuments({ order }: { order: Order }) {
  const { invoiceNumber, creditNoteNumber } = order;
  if (!invoiceNumber && !creditNoteNumber) return null;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {invoiceNumber ? (
        <span>
          Invoice: <span className="font-mono">{invoiceNumber}</span>
        </span>
      ) : null}
      {creditNoteNumber ? (
        <>
          <span>
            Credit note: <span className="font-mono">{creditNoteNumber}</span>
          </span>
          <CreditNoteButton order={order} creditNoteNumber={creditNoteNumber} />
        </>
      ) : null}
    </span>
  );
}
