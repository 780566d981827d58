// The top of the Store figures page: the range's revenue beside what companies owe on account now, open and overdue
// (#47), as tiles and as a table with the same numbers.
import type { AdminStats } from '@kestrel/shared';
import { formatCount as count } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';
import { FiguresTable } from './figures-table';
import { Section } from './stats-section';

/** One figure of the summary at the top: its name, the amount and a line under it. */
function Tile({ name, amount, detail }: { name: string; amount: string; detail: string }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4">
      <dt className="text-sm font-medium">{name}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{amount}</dd>
      <dd className="text-sm">{detail}</dd>
    </div>
  );
}

const ordersOf = (owed: { orders: number; companies: number }) =>
  `${count(owed.orders)} ${owed.orders === 1 ? 'order' : 'orders'} of ${count(owed.companies)} ${
    owed.companies === 1 ? 'company' : 'companies'
  }`;

const figuresOf = (owed: { total: number; orders: number; companies: number }) => [
  formatDollars(owed.total),
  count(owed.orders),
  count(owed.companies),
];

/**
 * Revenue beside what companies owe on account (#47): revenue counts paid orders only (B2B §8), so the open balance
 * on net terms is shown next to it, as of today whatever the range, with the same numbers in a table.
 */
export function RevenueSummary({ stats, total }: { stats: AdminStats; total: number }) {
  const { receivables } = stats;
  return (
    <Section id="stats-summary" title="Revenue and money owed">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Tile name="Revenue in this range" amount={formatDollars(total)} detail="Paid orders kept" />
        <Tile
          name="Owed on account"
          amount={formatDollars(receivables.open.total)}
          detail={`${ordersOf(receivables.open)}, unpaid on ${receivables.asOf}`}
        />
        <Tile
          name="Overdue"
          amount={formatDollars(receivables.overdue.total)}
          detail={`${ordersOf(receivables.overdue)}, due before ${receivables.asOf}`}
        />
      </dl>
      <p>
        Owed on account is every company's open balance today, whatever the range: on-account orders not paid yet and
        not cancelled, expired or rejected, those awaiting approval included. Overdue is the part of it whose due date
        has passed.
      </p>
      <FiguresTable
        caption={`Owed on account on ${receivables.asOf}`}
        columns={['Balance', 'Amount', 'Orders', 'Companies']}
        rows={[
          { key: 'open', head: 'Owed on account', figures: figuresOf(receivables.open) },
          { key: 'overdue', head: 'Overdue', figures: figuresOf(receivables.overdue) },
        ]}
      />
    </Section>
  );
}
