// An order's documents (B2B §6, §11): where its facts are shown, the invoice's number and the credit note with its
// download once the order was credited; the download buttons themselves, which the buyer's actions and the admin's
// order page offer (the same endpoints for both: the server decides who may read them).
import type { Order } from '@kestrel/shared';
import { notify } from '../../../lib/notify';
import { useDownloadCreditNote } from '../api/download-credit-note';
import { useDownloadInvoice } from '../api/download-invoice';

export function InvoiceButton({ order, invoiceNumber }: { order: Order; invoiceNumber: string }) {
  const download = useDownloadInvoice();
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      aria-label={`Download invoice ${invoiceNumber} of ${order.itemName}`}
      disabled={download.isPending}
      onClick={() =>
        download.mutate({ orderId: order._id, invoiceNumber }, { onError: (error) => notify.error(error.message) })
      }
    >
      {download.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      Download invoice
    </button>
  );
}

function CreditNoteButton({
  order,
  creditNoteNumber,
  size = 'btn-xs',
}: {
  order: Order;
  creditNoteNumber: string;
  size?: 'btn-xs' | 'btn-sm';
}) {
  const download = useDownloadCreditNote();
  return (
    <button
      type="button"
      className={`btn btn-outline ${size}`}
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

/** The order's documents to download, as actions (the admin's order page, #47): nothing before there is an invoice. */
export function DocumentDownloads({ order }: { order: Order }) {
  const { invoiceNumber, creditNoteNumber } = order;
  if (!invoiceNumber && !creditNoteNumber) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {invoiceNumber ? <InvoiceButton order={order} invoiceNumber={invoiceNumber} /> : null}
      {creditNoteNumber ? <CreditNoteButton order={order} creditNoteNumber={creditNoteNumber} size="btn-sm" /> : null}
    </div>
  );
}

/** `buttons` false where the page's actions already offer the downloads (DocumentDownloads): the numbers only. */
export function OrderDocuments({ order, buttons = true }: { order: Order; buttons?: boolean }) {
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
          {buttons ? <CreditNoteButton order={order} creditNoteNumber={creditNoteNumber} /> : null}
        </>
      ) : null}
    </span>
  );
}
