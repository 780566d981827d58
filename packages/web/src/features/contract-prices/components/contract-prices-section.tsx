// A company's contract prices for the admin (B2B §5), on the admin's company page (app/dashboard/company-page.tsx):
// the table by SKU with the list price beside each, a price to change or remove per row, a row to add by SKU, and a
// CSV upload that replaces the list, all rows or none (a refused file lists its bad rows and changes nothing). Every
// change is one PUT of the whole list (the API's PUT semantics), so what is on screen after saving is what the company
// pays.
import { useId, useState, type FormEvent } from 'react';
import type { ContractPrice } from '@kestrel/shared';
import { LineTable } from '../../../components/ui/line-table';
import { isRefusal } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import {
  findProductBySku,
  useContractPrices,
  useImportContractPrices,
  useReplaceContractPrices,
} from '../api/contract-prices';

const asBody = (prices: ContractPrice[]) => prices.map((p) => ({ productId: p.productId, price: p.price }));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');

interface RowError {
  line: number;
  message: string;
}

interface Refusal {
  message: string;
  rows: RowError[];
}

export function ContractPricesSection({ companyId }: { companyId: string }) {
  const id = useId();
  const prices = useContractPrices(companyId);
  const replace = useReplaceContractPrices(companyId);
  const upload = useImportContractPrices(companyId);
  const [sku, setSku] = useState('');
  const [price, setPrice] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const list = prices.data?.prices ?? [];
  const busy = replace.isPending || upload.isPending;

  async function save(next: ContractPrice[], done: string) {
    try {
      await replace.mutateAsync(asBody(next));
      notify.success(done);
    } catch (error) {
      notify.error(messageOf(error));
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const dollars = Number(price);
    if (!(dollars > 0)) return notify.error('Enter a price above zero');
    const product = await findProductBySku(sku).catch(() => undefined);
    if (!product) return notify.error(`No product has the SKU ${sku.trim().toUpperCase()}`);
    const others = list.filter((p) => p.productId !== product._id);
    const row: ContractPrice = {
      productId: product._id,
      sku: product.sku,
      name: '',
      listPrice: 0,
      price: dollars,
      updatedAt: '',
    };
    await save([...others, row], `Contract price set for ${product.sku}`);
    setSku('');
    setPrice('');
  }

  async function importFile(file: File | undefined) {
    if (!file) return;
    setRefusal(null);
    try {
      const answer = await upload.mutateAsync(file);
      notify.success(`Imported ${answer.prices.length} contract prices`);
    } catch (error) {
      const rows = isRefusal(error) ? (error.detail as { rows?: RowError[] } | null)?.rows : undefined;
      setRefusal({ message: messageOf(error), rows: rows ?? [] });
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        Contract prices
      </h2>
      <p className="text-sm">
        Members of this company pay the lower of their contract price and the volume price that applies. Saving replaces
        the whole list.
      </p>
      {prices.isPending ? <p>Loading contract prices…</p> : null}
      {prices.isError ? <p role="alert">{messageOf(prices.error)}</p> : null}
      {prices.isSuccess && list.length === 0 ? <p>No contract prices yet: members pay list prices.</p> : null}
      {list.length > 0 ? (
        <LineTable
          label="Contract prices by SKU"
          caption="Contract prices of this company"
          boxed
          columns={[
            { label: 'SKU' },
            { label: 'Name' },
            { label: 'List price', numeric: true },
            { label: 'Contract price', numeric: true },
            { label: 'Actions', hidden: true },
          ]}
        >
          <tbody>
            {list.map((row) => (
              // Keyed by the price too: a row whose price changed elsewhere (a CSV import) shows the new one.
              <PriceRow
                key={`${row.productId}:${row.price}`}
                row={row}
                busy={busy}
                onPrice={(next) =>
                  save(
                    list.map((p) => (p.productId === row.productId ? { ...p, price: next } : p)),
                    `Contract price of ${row.sku} saved`,
                  )
                }
                onRemove={() =>
                  save(
                    list.filter((p) => p.productId !== row.productId),
                    `Contract price of ${row.sku} removed`,
                  )
                }
              />
            ))}
          </tbody>
        </LineTable>
      ) : null}
      <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void add(event)}>
        <label className="flex flex-col gap-1 text-sm">
          SKU
          <input
            className="input input-sm w-40 font-mono"
            value={sku}
            onChange={(e) => setSku(e.target.value)}
            required
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Contract price ($)
          <input
            className="input input-sm w-32 tabular-nums"
            type="number"
            min="0.01"
            step="0.01"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            required
          />
        </label>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          Add contract price
        </button>
      </form>
      <label className="flex flex-col gap-1 text-sm">
        Replace the list from a CSV file (columns sku,price; all rows or none)
        <input
          type="file"
          accept=".csv,text/csv"
          className="file-input file-input-sm"
          disabled={busy}
          onChange={(e) => {
            void importFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {refusal ? (
        <div role="alert" className="rounded-box border border-error p-4 text-sm wrap-anywhere">
          <p className="font-semibold text-error">The file was refused, and no contract price was changed.</p>
          <p className="mt-1">{refusal.message}</p>
          {refusal.rows.length > 0 ? (
            <ul className="mt-2 list-disc pl-6">
              {refusal.rows.map((r) => (
                <li key={`${r.line}:${r.message}`}>
                  Line {r.line}: {r.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function PriceRow({
  row,
  busy,
  onPrice,
  onRemove,
}: {
  row: ContractPrice;
  busy: boolean;
  onPrice: (price: number) => void;
  onRemove: () => void;
}) {
  const [draft, setDraft] = useState(String(row.price));
  return (
    <tr>
      <td className="font-mono break-all" data-label="SKU">
        {row.sku}
      </td>
      <td data-label="Name">{row.name}</td>
      <td className="text-right tabular-nums" data-label="List price">
        {formatDollars(row.listPrice)}
      </td>
      <td className="text-right" data-label="Contract price">
        <input
          className="input input-sm w-28 tabular-nums"
          type="number"
          min="0.01"
          step="0.01"
          aria-label={`Contract price of ${row.sku}`}
          value={draft}
          disabled={busy}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => {
            const next = Number(draft);
            if (next > 0 && next !== row.price) onPrice(next);
          }}
        />
      </td>
      <td>
        <button
          type="button"
          className="btn btn-ghost btn-sm text-error"
          disabled={busy}
          onClick={onRemove}
          aria-label={`Remove the contract price of ${row.sku}`}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}
