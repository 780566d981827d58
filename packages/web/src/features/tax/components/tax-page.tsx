// The administrator's Tax page (B2B §13): the shop's country and tax id as configured, and the rate table, edited
// as a whole and saved all or nothing; a refused save marks each bad row with the server's reason.
import { useState, type FormEvent } from 'react';
import { taxRatesErrorSchema, type TaxRate } from '@kestrel/shared';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { isRefusal } from '../../../lib/api-client';
import { useTaxRates, useTaxSettings } from '../api/get-tax-rates';
import { usePutTaxRates } from '../api/put-tax-rates';
import { newRow, toPayload, type RowDraft } from './tax-rate-rows';

function rowErrorsOf(error: unknown): Map<number, string> {
  if (!isRefusal(error)) return new Map();
  const parsed = taxRatesErrorSchema.safeParse({ error: error.detail });
  return new Map((parsed.success ? (parsed.data.error.rows ?? []) : []).map((r) => [r.index, r.message]));
}

function RatesForm({ saved }: { saved: TaxRate[] }) {
  const put = usePutTaxRates();
  const [rows, setRows] = useState<RowDraft[]>(() => saved.map((rate) => newRow(rate)));
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const rowErrors = rowErrorsOf(put.error);

  const change = (key: number, field: keyof Omit<RowDraft, 'key'>, value: string) => {
    setOutcome(null);
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    put.mutate(toPayload(rows), {
      onSuccess: (answer) => {
        setRows(answer.rates.map((rate) => newRow(rate)));
        setOutcome({
          ok: true,
          text: `Saved: ${answer.rates.length} ${answer.rates.length === 1 ? 'rate' : 'rates'}.`,
        });
      },
      onError: (error) => setOutcome({ ok: false, text: `Not saved: ${error.message}` }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Tax rates">
      {rows.length === 0 ? <ListState>No tax rates: every order is untaxed.</ListState> : null}
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const problem = rowErrors.get(index);
          const label = `Rate ${index + 1}`;
          const cell = (field: keyof Omit<RowDraft, 'key'>, title: string, extra: string) => (
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">{title}</span>
              <input
                className={`input input-bordered input-sm ${extra} ${problem ? 'input-error' : ''}`}
                value={row[field]}
                autoComplete="off"
                aria-label={`${label} ${title.toLowerCase()}`}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `tax-row-${row.key}-error` : undefined}
                onChange={(e) => change(row.key, field, e.target.value)}
              />
            </label>
          );
          return (
            <li key={row.key} className="rounded-box border border-base-300 bg-base-100 p-3">
              <fieldset className="flex flex-wrap items-end gap-3">
                <legend className="sr-only">{label}</legend>
                {cell('country', 'Country', 'w-20 uppercase')}
                {cell('region', 'Region', 'w-20 uppercase')}
                {cell('rate', 'Rate (%)', 'w-24 tabular-nums')}
                {cell('name', 'Name', 'w-48')}
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Remove ${label.toLowerCase()}`}
                  onClick={() => {
                    setOutcome(null);
                    setRows((current) => current.filter((r) => r.key !== row.key));
                  }}
                >
                  Remove
                </button>
              </fieldset>
              {problem ? (
                <p id={`tax-row-${row.key}-error`} role="alert" className="mt-2 text-sm text-error">
                  {problem}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn"
          onClick={() => {
            setOutcome(null);
            setRows((current) => [...current, newRow()]);
          }}
        >
          Add a rate
        </button>
        <button type="submit" className="btn btn-primary" disabled={put.isPending}>
          {put.isPending ? 'Saving…' : 'Save tax rates'}
        </button>
      </div>
      {outcome ? (
        <p role="status" className={`text-sm ${outcome.ok ? 'font-semibold text-success' : 'text-error'}`}>
          {outcome.text}
        </p>
      ) : null}
    </form>
  );
}

export function TaxPage() {
  const rates = useTaxRates();
  const settings = useTaxSettings();
  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <PageTitle lead="Prices are net; an order adds the rate of its ship-to's region, else of its country.">
        Tax
      </PageTitle>
      {settings.data ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Shop country</dt>
          <dd>{settings.data.shopCountry} (orders without a ship-to take its rate)</dd>
          <dt className="font-medium">Shop tax id</dt>
          <dd className="break-all">{settings.data.shopTaxId ?? 'Not set (SHOP_TAX_ID)'}</dd>
        </dl>
      ) : null}
      <p className="text-sm">
        One row per country and region; a region (a US state or Canadian province code) comes before its country's row.
        Rates are percentages from 0 to 30 with at most 3 decimals. A change applies to orders placed after it.
      </p>
      {rates.isPending ? <ListState>Loading the tax rates…</ListState> : null}
      {rates.isError ? <ListState alert>{rates.error.message}</ListState> : null}
      {rates.data ? <RatesForm saved={rates.data.rates} /> : null}
    </section>
  );
}
