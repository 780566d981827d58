import { LineTable } from '../../../components/ui/line-table';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';
import type { Quote } from '@kestrel/shared';
import { differenceFromList, lineTotal } from '../quote-view';

/**
 * A quote's lines: quantity, list unit price, the buyer's target, the offered unit price and how it differs from the
 * list price, the line total (at the offered price once there is one, else at the list price), and the totals.
 */
export function QuoteLinesTable({ quote }: { quote: Quote }) {
  return (
    <LineTable
      label="Quote lines"
      caption={`Lines of quote ${quote.number}`}
      compact
      columns={[
        { label: 'SKU' },
        { label: 'Part' },
        { label: 'Quantity', numeric: true },
        { label: 'List unit price', numeric: true },
        { label: 'Target price', numeric: true },
        { label: 'Offered unit price', numeric: true },
        { label: 'Against the list price' },
        { label: 'Line total', numeric: true },
      ]}
    >
      <tbody>
        {quote.lines.map((line, index) => (
          <tr key={`${line.sku}-${index}`}>
            <td className="font-mono break-all" data-label="SKU">
              {line.sku}
            </td>
            <td className="break-words" data-label="Part">
              {line.name}
            </td>
            <td className="text-right tabular-nums" data-label="Quantity">
              {formatCount(line.quantity)}
            </td>
            <td className="text-right tabular-nums" data-label="List unit price">
              {formatDollars(line.listUnitPrice)}
            </td>
            <td className="text-right tabular-nums" data-label="Target price">
              {line.targetPrice === null ? 'None' : formatDollars(line.targetPrice)}
            </td>
            <td className="text-right tabular-nums" data-label="Offered unit price">
              {line.unitPrice === null ? 'Not offered yet' : formatDollars(line.unitPrice)}
            </td>
            <td data-label="Against the list price">
              {line.unitPrice === null ? '' : differenceFromList(line.listUnitPrice, line.unitPrice)}
            </td>
            <td className="text-right tabular-nums" data-label="Line total">
              {formatDollars(lineTotal(line.quantity, line.unitPrice ?? line.listUnitPrice))}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot className="text-base-content">
        <tr>
          <th scope="row" colSpan={7} className="text-right">
            Total at list prices
          </th>
          <td className="text-right tabular-nums">{formatDollars(quote.listTotal)}</td>
        </tr>
        {quote.offeredTotal === null ? null : (
          <tr>
            <th scope="row" colSpan={7} className="text-right">
              Total offered ({differenceFromList(quote.listTotal, quote.offeredTotal)})
            </th>
            <td className="text-right font-semibold tabular-nums" data-testid="quote-total">
              {formatDollars(quote.offeredTotal)}
            </td>
          </tr>
        )}
      </tfoot>
    </LineTable>
  );
}
