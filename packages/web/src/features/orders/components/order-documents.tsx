// An order's documents (B2B §6, §11, §14): where its facts are shown, the invoice's number and each credit note with
// its download once the order was credited (a cancellation, a partial cancel, each received return); the download
// buttons themselves, which the buyer's actions and the admin's order page offer (the same endpoints for both: the
// server decides who may read them); and the order page's account of what each credit note gave back.
import type { Order } from '@kestrel/shared';
import { formatDay } from '../../../lib/date-time';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useDownloadCreditNote } from '../api/download-credit-note';
import { useDownloadInvoice } from '../api/download-invoice';
import { BusyButton } from '../../../components/ui/busy-button';

export function InvoiceButton({ order, invoiceNumber }: { order: Order; invoiceNumber: string }) {
  const download = useDownloadInvoice();
  return (
    <BusyButton
      busy={download.isPending}
      className="btn btn-outline btn-sm"
      aria-label={`Download invoice ${invoiceNumber} of ${order.itemName}`}
      onClick={() =>
        download.mutate({ orderId: order._id, invoiceNumber }, { onError: (error) => notify.error(error.message) })
      }
    >
      Download invoice
    </BusyButton>
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

/** The numbers of the order's credit notes, oldest first (an order credited before B2B §14 names only its one). */
function creditNoteNumbers(order: Order): string[] {
  if (order.creditNotes.length > 0) return order.creditNotes.map((n) => n.number);
  return order.creditNoteNumber ? [order.creditNoteNumber] : [];
}

/** The order's documents to download, as actions (the admin's order page, #47): nothing before there is an invoice. */
export function DocumentDownloads({ order }: { order: Order }) {
  const { invoiceNumber } = order;
  const notes = creditNoteNumbers(order);
  if (!invoiceNumber && notes.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {invoiceNumber ? <InvoiceButton order={order} invoiceNumber={invoiceNumber} /> : null}
      {notes.map((number) => (
        <CreditNoteButton key={number} order={order} creditNoteNumber={number} size="btn-sm" />
      ))}
    </div>
  );
}

/** `buttons` false where the page's actions already offer the downloads (DocumentDownloads): the numbers only. */
export function OrderDocuments({ order, buttons = true }: { order: Order; buttons?: boolean }) {
  const { invoiceNumber } = order;
  const notes = creditNoteNumbers(order);
  if (!invoiceNumber && notes.length === 0) return null;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {invoiceNumber ? (
        <span>
          Invoice: <span className="font-mono">{invoiceNumber}</span>
        </span>
      ) : null}
      {notes.map((number) => (
        <span key={number} className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>
            Credit note: <span className="font-mono">{number}</span>
          </span>
          {buttons ? <CreditNoteButton order={order} creditNoteNumber={number} /> : null}
        </span>
      ))}
    </span>
  );
}

const REASONS: Record<Order['creditNotes'][number]['reason'], string> = {
  cancellation: 'Cancelled units',
  return: 'Returned units',
};

/**
 * The order page's account of its credit notes (B2B §14): what each gave back and why, and the sum, card refunds and
 * account credits alike. Nothing for an order never credited.
 */
export function CreditNotesSummary({ order }: { order: Order }) {
  if (order.creditNotes.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <ul aria-label={`Credit notes of order ${order.number}`} className="flex flex-col gap-1">
        {order.creditNotes.map((note) => (
          <li key={note.number} className="flex flex-wrap gap-x-2">
            <span className="font-mono">{note.number}</span>
            <span>{REASONS[note.reason]},</span>
            <time dateTime={note.at}>{formatDay(note.at)}:</time>
            <span className="font-medium">{formatDollars(note.total)}</span>
          </li>
        ))}
      </ul>
      <p>
        Credited in all: <span className="font-medium">{formatDollars(order.refundedTotal)}</span>
        {order.paymentTerms === 'card' ? ', refunded to the card paid with' : ''}
      </p>
    </div>
  );
}
