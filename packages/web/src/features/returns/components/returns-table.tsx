// A table of returns (B2B §14): My Returns, the admin's queue and an order's page alike. Number, order, status, when
// asked, the lines (units, reason, received and restocked once received) and the refund; the admin's queue adds a
// column of the steps each return allows.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Return } from '@kestrel/shared';
import { formatCount } from '../../../lib/count';
import { formatTime } from '../../../lib/date-time';
import { formatDollars } from '../../../lib/money';
import { ReturnStatusBadge } from './return-status';

// Below the md breakpoint rows become cards, each cell naming its column (data-label), as on My Quotes.
const cell = 'max-md:block max-md:px-4 max-md:py-1 max-md:before:font-medium max-md:before:content-[attr(data-label)]';

function ReturnLines({ rma }: { rma: Return }) {
  return (
    <ul className="flex flex-col gap-1">
      {rma.lines.map((line) => (
        <li key={line.productId} className="break-words">
          {formatCount(line.quantity)} × <span className="font-mono">{line.sku}</span> {line.name}
          <span className="block text-xs">Reason: {line.reason}</span>
          {rma.status === 'received' ? (
            <span className="block text-xs">
              Received {formatCount(line.receivedQuantity)}, restocked {formatCount(line.restockedQuantity)}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

interface ReturnsTableProps {
  returns: readonly Return[];
  caption: string;
  /** Where an order's link goes (the buyer's or the admin's order page); none on the order's own page. */
  orderLink?: (rma: Return) => string;
  /** The admin's steps for one return. */
  actions?: (rma: Return) => ReactNode;
}

export function ReturnsTable({ returns, caption, orderLink, actions }: ReturnsTableProps) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 md:overflow-x-auto">
      <table className="table max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-base-content max-md:sr-only">
          <tr>
            <th scope="col">Return</th>
            {orderLink ? <th scope="col">Order</th> : null}
            <th scope="col">Status</th>
            <th scope="col">Requested</th>
            <th scope="col">Lines</th>
            <th scope="col">Refund</th>
            {actions ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody className="max-md:block">
          {returns.map((rma) => (
            <tr key={rma._id} className="max-md:block max-md:border-b max-md:border-base-300 max-md:py-2 align-top">
              <th scope="row" className={`font-mono text-sm ${cell}`}>
                {rma.number}
              </th>
              {orderLink ? (
                <td className={cell} data-label="Order: ">
                  <Link
                    to={orderLink(rma)}
                    className="link link-primary font-mono text-sm"
                    aria-label={`Open order ${rma.orderNumber}`}
                  >
                    {rma.orderNumber}
                  </Link>
                </td>
              ) : null}
              <td className={cell} data-label="Status: ">
                <ReturnStatusBadge status={rma.status} />
              </td>
              <td className={cell} data-label="Requested: ">
                <time dateTime={rma.createdAt}>{formatTime(rma.createdAt)}</time>
              </td>
              <td className={cell} data-label="Lines: ">
                <ReturnLines rma={rma} />
                {rma.note ? <p className="mt-1 text-xs break-words whitespace-pre-line">Note: {rma.note}</p> : null}
              </td>
              <td className={`tabular-nums ${cell}`} data-label="Refund: ">
                {rma.status === 'received' ? (
                  <>
                    {formatDollars(rma.refundTotal)}
                    {rma.creditNoteNumber ? (
                      <span className="block text-xs">Credit note {rma.creditNoteNumber}</span>
                    ) : null}
                  </>
                ) : (
                  'None yet'
                )}
              </td>
              {actions ? (
                <td className={cell} data-label="Actions: ">
                  {actions(rma)}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
