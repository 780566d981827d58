import type { Quote, QuoteStatus } from '@kestrel/shared';
import { effectiveStatus } from '../quote-view';

const STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Requested',
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
  expired: 'Expired',
};

/** What each status means, as the buyer reads it on the quote's page. */
const BUYER_MEANING: Record<QuoteStatus, string> = {
  requested: 'Waiting for the shop to make an offer.',
  offered: 'The shop has made an offer: accept it before it expires, or decline it.',
  accepted: 'You accepted the offer; it became an order.',
  declined: 'You declined the offer.',
  cancelled: 'This request was cancelled.',
  rejected: 'The shop turned this request down.',
  expired: 'The offer lapsed before it was accepted. Ask for a new quote if you still need these parts.',
};

/** And as the shop reads it on its queue. */
const SELLER_MEANING: Record<QuoteStatus, string> = {
  requested: 'Waiting for your offer.',
  offered: 'Offered: waiting for the buyer. A new offer replaces this one.',
  accepted: 'The buyer accepted the offer; it became an order.',
  declined: 'The buyer declined the offer.',
  cancelled: 'The buyer cancelled the request.',
  rejected: 'You rejected this request.',
  expired: 'The offer lapsed before the buyer accepted it.',
};

// The word carries the meaning; the colour only groups it (waiting, done, ended), with the badges the order screens
// already use, so the stylesheet stays the same size.
const STATUS_TONES: Record<QuoteStatus, string> = {
  requested: 'badge-outline',
  offered: 'badge-primary',
  accepted: 'badge-success',
  declined: 'badge-neutral',
  cancelled: 'badge-neutral',
  rejected: 'badge-neutral',
  expired: 'badge-neutral',
};

export function quoteStatusLabel(status: QuoteStatus): string {
  return STATUS_LABELS[status];
}

export function quoteStatusMeaning(status: QuoteStatus, seller: boolean): string {
  return (seller ? SELLER_MEANING : BUYER_MEANING)[status];
}

/** The quote's status as of now: an offer past its validity shows as expired. */
export function QuoteStatusBadge({ quote }: { quote: Pick<Quote, 'status' | 'validUntil'> }) {
  const status = effectiveStatus(quote);
  return <span className={`badge badge-sm whitespace-nowrap ${STATUS_TONES[status]}`}>{quoteStatusLabel(status)}</span>;
}
