// The administrator's dashboard of figures (B2B §8): revenue per day and top products as charts with the same numbers
// in tables, orders by status, the low-stock list, and a range of whole UTC days in the page's address.
import { useMemo, useState, type FormEvent } from 'react';
import { ORDER_STATUSES, STATS_FIRST_DAY, STATS_LAST_DAY, TOP_PRODUCTS_LIMIT, type AdminStats } from '@kestrel/shared';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { formatDollars } from '../../../lib/money';
import { useQueryString } from '../../../lib/use-query-string';
import { useAdminStats } from '../api/get-admin-stats';
import { rangeErrors, rangeFromQuery, type AskedRange, type StatsRange } from '../stats-range';
import { FiguresTable } from './figures-table';
import { RevenueSummary } from './revenue-summary';
import { Section } from './stats-section';
import { StatsChart } from './stats-chart';

const fieldClass = 'h-9 w-full rounded-field border border-base-300 bg-base-100 px-2 text-sm';
const count = (n: number) => n.toLocaleString('en-US');
const statusName = (status: string) => {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

type RangeErrors = AskedRange['errors'];

function RangePicker({ asked, onApply }: { asked: AskedRange; onApply: (range: StatsRange) => void }) {
  const { range } = asked;
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [errors, setErrors] = useState<RangeErrors>(asked.errors);
  // Back and forward change the address: the fields follow it. Set while rendering rather than by remounting the form,
  // which would drop the focus from the button just pressed.
  const [shown, setShown] = useState(range);
  if (shown.from !== range.from || shown.to !== range.to) {
    setShown(range);
    setFrom(range.from);
    setTo(range.to);
    setErrors(asked.errors);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeErrors({ from, to });
    setErrors(found);
    if (!found.from && !found.to) onApply({ from, to });
  };
  const field = (id: 'from' | 'to', label: string, value: string, set: (v: string) => void) => (
    <div className="flex w-44 flex-col gap-1">
      <label htmlFor={`stats-${id}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`stats-${id}`}
        name={id}
        type="date"
        min={STATS_FIRST_DAY}
        max={STATS_LAST_DAY}
        className={fieldClass}
        value={value}
        aria-invalid={errors[id] ? true : undefined}
        aria-describedby={errors[id] ? `stats-${id}-error` : undefined}
        onChange={(event) => set(event.target.value)}
      />
      {errors[id] ? (
        <p id={`stats-${id}-error`} role="alert" className="text-sm text-error">
          {errors[id]}
        </p>
      ) : null}
    </div>
  );
  return (
    <form className="mb-6 flex flex-wrap items-start gap-3" aria-label="Range of days" noValidate onSubmit={submit}>
      {field('from', 'From (UTC day)', from, setFrom)}
      {field('to', 'To (UTC day)', to, setTo)}
      <button type="submit" className="btn btn-primary btn-sm mt-6 h-9">
        Show figures
      </button>
    </form>
  );
}

function Figures({ stats }: { stats: AdminStats }) {
  const revenueLabels = useMemo(() => stats.revenue.map((r) => r.day), [stats]);
  const revenueValues = useMemo(() => stats.revenue.map((r) => r.total), [stats]);
  const productLabels = useMemo(() => stats.topProducts.map((p) => p.name), [stats]);
  const productUnits = useMemo(() => stats.topProducts.map((p) => p.units), [stats]);
  const total = stats.revenue.reduce((sum, r) => sum + Math.round(r.total * 100), 0) / 100;

  return (
    <div className="flex flex-col gap-10">
      <RevenueSummary stats={stats} total={total} />
      <Section id="stats-revenue" title="Revenue per day">
        <p>
          Paid orders, by the day they were paid (UTC); cancelled and refunded orders are left out, credit notes taken
          off. Total: <strong>{formatDollars(total)}</strong>
        </p>
        <StatsChart
          labels={revenueLabels}
          values={revenueValues}
          seriesLabel="Revenue"
          label="Chart of revenue per day; the figures are in the table Revenue per day below it"
          format={formatDollars}
        />
        <FiguresTable
          caption="Revenue per day"
          columns={['Day', 'Revenue']}
          rows={stats.revenue.map((r) => ({ key: r.day, head: r.day, figures: [formatDollars(r.total)] }))}
          scrolls
        />
      </Section>

      <Section id="stats-top" title={`Top products (up to ${TOP_PRODUCTS_LIMIT}, by units sold)`}>
        {stats.topProducts.length === 0 ? (
          <ListState>No paid orders in this range.</ListState>
        ) : (
          <>
            <StatsChart
              labels={productLabels}
              values={productUnits}
              seriesLabel="Units"
              label="Chart of units sold per top product; the figures are in the table Top products below it"
              horizontal
              format={count}
            />
            <FiguresTable
              caption="Top products"
              columns={['Product', 'Units', 'Revenue']}
              rows={stats.topProducts.map((p) => ({
                key: p.productId ?? p.name,
                head: p.name,
                figures: [count(p.units), formatDollars(p.revenue)],
              }))}
            />
          </>
        )}
      </Section>

      <Section id="stats-status" title="Orders by status">
        <p>Orders created in the range, whatever happened to them since.</p>
        <FiguresTable
          caption="Orders by status"
          columns={['Status', 'Orders']}
          rows={ORDER_STATUSES.map((status) => ({
            key: status,
            head: statusName(status),
            figures: [count(stats.ordersByStatus[status])],
          }))}
        />
      </Section>

      <Section id="stats-low" title="Low stock">
        <p>Products with less than twice their minimum order in stock, the fewest first.</p>
        {stats.lowStock.length === 0 ? (
          <ListState>Every product has at least twice its minimum order in stock.</ListState>
        ) : (
          <FiguresTable
            caption="Low stock"
            columns={['Product', 'In stock', 'Minimum order']}
            rows={stats.lowStock.map((p) => ({
              key: p.productId,
              head: p.name,
              figures: [count(p.availableQuantity), count(p.quantity)],
            }))}
          />
        )}
      </Section>
    </div>
  );
}

export function AdminStatsPage() {
  const [query, setQuery] = useQueryString();
  const asked = rangeFromQuery(query);
  const { range, errors } = asked;
  const refused = errors.from ?? errors.to;
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useAdminStats(
    range.from,
    range.to,
    !refused,
  );
  // The figures on screen: while a new range loads they are still the last range's, and say so.
  const shownFrom = data?.revenue[0]?.day ?? range.from;
  const shownTo = data?.revenue.at(-1)?.day ?? range.to;

  return (
    <div>
      <PageTitle lead="Revenue, best sellers, orders and stock for a range of days (UTC).">Store figures</PageTitle>
      <RangePicker asked={asked} onApply={(next) => setQuery(new URLSearchParams({ from: next.from, to: next.to }))} />
      {refused ? (
        <ListState alert>The range in this page's address cannot be shown: {refused}. Choose the days above.</ListState>
      ) : isPending ? (
        <div className="flex min-h-[20vh] items-center justify-center">
          <Spinner label="Loading the figures" size="lg" />
        </div>
      ) : error && !isPlaceholderData ? (
        <ListState alert>
          The figures could not be loaded: {error.message}{' '}
          <button type="button" className="btn btn-primary btn-sm" disabled={isFetching} onClick={() => void refetch()}>
            Try again
          </button>
        </ListState>
      ) : (
        <div aria-busy={isFetching}>
          <p className="mb-4 text-sm" aria-live="polite">
            Figures from {shownFrom} to {shownTo}
            {isFetching ? ` (loading ${range.from} to ${range.to})` : ''}
          </p>
          <Figures stats={data} />
        </div>
      )}
    </div>
  );
}
