// One quote on a page of its own (B2B §10): the buyer's (/dashboard/quotes/{id}) and the shop's
// (/dashboard/manage-quotes/{id}). Lines against the list price, totals, validity, the thread, and the steps its
// status allows: accept, decline or cancel for the buyer's side (a company viewer reads only); offer or reject for the
// shop. Grid cells take min-w-0; at phone width the lines are cards (components/ui/line-table).
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Quote } from '@kestrel/shared';
import type { LocationShipToSlot } from '../../../components/checkout-fields';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-store';
import { formatTime } from '../../../lib/date-time';
import { useQuote } from '../api/get-quote';
import { useOrder } from '../../../lib/order-query';
import { buyerSteps, effectiveStatus, sellerSteps } from '../quote-view';
import { usePunchout } from '../../../lib/punchout';
import { AcceptQuoteDialog } from './accept-quote-dialog';
import { OfferForm } from './offer-form';
import { CancelQuoteDialog, DeclineQuoteDialog, RejectQuoteDialog } from './quote-dialogs';
import { QuoteLinesTable } from './quote-lines-table';
import { QuoteStatusBadge, quoteStatusMeaning } from './quote-status';
import { QuoteThread } from './quote-thread';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-box border border-base-300 bg-base-100 p-5" aria-label={title}>
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** The order an accepted quote became, with where it stands (it may await an owner's approval before payment). */
function QuoteOrderLink({ orderId }: { orderId: string }) {
  const { data: order } = useOrder(orderId);
  const waiting =
    order?.status === 'awaiting_approval'
      ? ": it awaits approval by your company's owner before it can be paid"
      : order?.status === 'pending'
        ? ': waiting for payment by card'
        : '';
  return (
    <>
      <Link to={`/dashboard/orders/${encodeURIComponent(orderId)}`} className="link link-primary">
        {order ? `Order ${order.number}` : 'The order'}
      </Link>
      {waiting}
    </>
  );
}

function QuoteDetails({ quote, seller }: { quote: Quote; seller: boolean }) {
  const status = effectiveStatus(quote);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-medium">Requested</dt>
      <dd>
        <time dateTime={quote.createdAt}>{formatTime(quote.createdAt)}</time>
      </dd>
      <dt className="font-medium">By</dt>
      <dd className="break-all">
        {quote.userName} ({quote.email}){quote.companyName ? `, ${quote.companyName}` : ''}
      </dd>
      <dt className="font-medium">Valid until</dt>
      <dd>
        {quote.validUntil ? (
          <>
            <time dateTime={quote.validUntil}>{formatTime(quote.validUntil)}</time>
            {status === 'expired' ? ' (expired)' : ''}
          </>
        ) : (
          'No offer yet'
        )}
      </dd>
      <dt className="font-medium">Note</dt>
      <dd className="break-words whitespace-pre-line">{quote.note ?? 'None'}</dd>
      {quote.reason ? (
        <>
          <dt className="font-medium">Reason</dt>
          <dd className="break-words whitespace-pre-line">{quote.reason}</dd>
        </>
      ) : null}
      {quote.orderId ? (
        <>
          <dt className="font-medium">Order</dt>
          <dd>
            {seller ? (
              <Link to={`/dashboard/manage-orders/${encodeURIComponent(quote.orderId)}`} className="link link-primary">
                Open the order
              </Link>
            ) : (
              <QuoteOrderLink orderId={quote.orderId} />
            )}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

type Dialog = 'accept' | 'decline' | 'cancel' | 'reject' | null;

function BuyerActions({ quote, readOnly, open }: { quote: Quote; readOnly: boolean; open: (d: Dialog) => void }) {
  const steps = buyerSteps(quote, readOnly);
  // Accepting places an order, which a punch-out session leaves to its procurement system (B2B §17).
  const punchout = usePunchout();
  if (readOnly)
    return <p className="text-sm">Your company role is viewer: you can read this quote but not act on it.</p>;
  if (!steps.accept && !steps.cancel) return <p className="text-sm">Nothing more to do on this quote.</p>;
  return (
    <div className="flex flex-wrap gap-2">
      {steps.accept && punchout ? (
        <p className="w-full text-sm">
          In a punch-out session your procurement system places the orders: accept this offer outside it.
        </p>
      ) : null}
      {steps.accept && !punchout ? (
        <button type="button" className="btn btn-primary" onClick={() => open('accept')}>
          Accept offer
        </button>
      ) : null}
      {steps.decline ? (
        <button type="button" className="btn btn-outline" onClick={() => open('decline')}>
          Decline offer
        </button>
      ) : null}
      {steps.cancel ? (
        <button type="button" className="btn btn-outline btn-error" onClick={() => open('cancel')}>
          Cancel quote
        </button>
      ) : null}
    </div>
  );
}

/** `shipTo`: the accept dialog's ship-to choice (B2B §12), composed by the app (app/dashboard/buyer-quote-page.tsx). */
export function QuotePage({ seller, shipTo }: { seller: boolean; shipTo?: LocationShipToSlot | undefined }) {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const { data: quote, isPending, isError, error } = useQuote(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const back = seller ? '/dashboard/manage-quotes' : '/dashboard/quotes';

  if (isPending) return <PageSpinner label="Loading the quote" />;
  if (isError) {
    return (
      <>
        <PageTitle>Quote</PageTitle>
        <ListState alert>{error.message}</ListState>
      </>
    );
  }
  // A viewer reads the company's quotes but takes no step on them (B2B §10); the server refuses one anyway.
  const readOnly = !seller && user?.company?.role === 'viewer';
  const status = effectiveStatus(quote);
  const offerable = seller && sellerSteps(quote).offer;
  return (
    <>
      <PageTitle lead={quoteStatusMeaning(status, seller)}>{`Quote ${quote.number}`}</PageTitle>
      <p className="-mt-4 mb-4 flex flex-wrap items-center gap-3 text-sm">
        <QuoteStatusBadge quote={quote} />
        <Link to={back} className="link">
          {seller ? 'Back to Quotes' : 'Back to My Quotes'}
        </Link>
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Details">
          <QuoteDetails quote={quote} seller={seller} />
        </Section>
        <Section title="Actions">
          {seller ? (
            sellerSteps(quote).reject ? (
              <button type="button" className="btn btn-outline btn-error" onClick={() => setDialog('reject')}>
                Reject request
              </button>
            ) : (
              <p className="text-sm">{offerable ? 'Change the offer below.' : 'Nothing more to do on this quote.'}</p>
            )
          ) : (
            <BuyerActions quote={quote} readOnly={readOnly} open={setDialog} />
          )}
        </Section>
        <div className="min-w-0 lg:col-span-2">
          <Section title="Lines">
            <QuoteLinesTable quote={quote} />
          </Section>
        </div>
        {offerable ? (
          <div className="min-w-0 rounded-box border border-base-300 bg-base-100 p-5 lg:col-span-2">
            {/* A new offer starts from what was offered; a message in the thread leaves a half-typed offer alone. */}
            <OfferForm key={`${quote.status}-${quote.validUntil ?? ''}`} quote={quote} />
          </div>
        ) : null}
        <div className="min-w-0 lg:col-span-2">
          <Section title="Messages">
            <QuoteThread quote={quote} seller={seller} canWrite={!readOnly} />
          </Section>
        </div>
      </div>
      {seller ? (
        <RejectQuoteDialog quote={quote} open={dialog === 'reject'} onClose={close} />
      ) : (
        <>
          <AcceptQuoteDialog quote={quote} open={dialog === 'accept'} onClose={close} shipTo={shipTo} />
          <DeclineQuoteDialog quote={quote} open={dialog === 'decline'} onClose={close} />
          <CancelQuoteDialog quote={quote} open={dialog === 'cancel'} onClose={close} />
        </>
      )}
    </>
  );
}

export const AdminQuotePage = () => <QuotePage seller />;
