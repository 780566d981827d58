import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { MAX_ORDER_LINES, type CartWithRejected } from '@kestrel/shared';
import { PageTitle } from '../../../components/ui/page-title';
import { useOrderingRefusal } from '../../../lib/company-role';
import { notify } from '../../../lib/notify';
import { useAddCartLines } from '../api/add-cart-lines';
import { useProductsBySku } from '../api/find-products-by-sku';
import { parseOrderLines } from '../parse-order-lines';
import { notAdded, QuickOrderPreview } from './quick-order-preview';
import { RejectedLines } from './rejected-lines';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormProblem } from '../../../components/ui/form-problem';

/** CSV files are small: 100 lines of `sku,quantity` are a few kB. */
const MAX_FILE_BYTES = 256 * 1024;

/** Quick order (B2B §3): paste or upload `SKU, quantity` lines, see each resolved or refused, then add them. */
export function QuickOrderPage() {
  const [text, setText] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [rejected, setRejected] = useState<CartWithRejected['rejected']>([]);
  const [added, setAdded] = useState<number | null>(null);
  const addLines = useAddCartLines();
  // A company viewer checks lines but is offered no cart they could not check out (issue #47).
  const refusal = useOrderingRefusal();
  const lines = parseOrderLines(text);
  const good = lines.flatMap((line) => (line.quantity === null ? [] : [{ ...line, quantity: line.quantity }]));
  const lookup = useProductsBySku(good.map((line) => line.sku));
  // The lines that go to the cart: resolved, and not refused by the product's terms (notAdded says why).
  const known = good.filter((line) => {
    const product = lookup.found.get(line.sku);
    return product ? notAdded(product, line.quantity) === null : false;
  });
  const tooMany = known.length > MAX_ORDER_LINES;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileProblem(
        `The file is larger than ${MAX_FILE_BYTES / 1024} kB; a quick order holds at most ${MAX_ORDER_LINES} lines.`,
      );
      return;
    }
    setFileProblem(null);
    setText(await file.text());
  };

  const add = () => {
    setRejected([]);
    setAdded(null);
    addLines.mutate(
      { lines: known.map(({ sku, quantity }) => ({ sku, quantity })) },
      {
        onSuccess: (answer) => {
          setRejected(answer.rejected);
          const count = known.length - answer.rejected.length;
          setAdded(count);
          notify.success(`${count} ${count === 1 ? 'line' : 'lines'} added to your cart`);
          // Every line that did not go in stays in view with its reason, to be mended and added again.
          const refusedByServer = new Set(answer.rejected.map((r) => known[r.index]?.line));
          const addedLines = new Set(known.map((l) => l.line).filter((line) => !refusedByServer.has(line)));
          setText(
            lines
              .filter((line) => !addedLines.has(line.line))
              .map((line) => line.text)
              .join('\n'),
          );
        },
        onError: (error) => notify.error(error.message),
      },
    );
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageTitle lead="Paste lines from a spreadsheet or an e-mail, or upload a CSV file (sku,quantity), and check them before they go to your cart.">
        Quick order
      </PageTitle>
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <section aria-labelledby="quick-entry" className="flex flex-col gap-3">
          <h2 id="quick-entry" className="sr-only">
            Your lines
          </h2>
          <div className="flex flex-col gap-1">
            <label htmlFor="quick-lines" className="text-sm font-medium">
              Lines (SKU and quantity)
            </label>
            <textarea
              id="quick-lines"
              className="textarea w-full font-mono"
              rows={10}
              placeholder={'KC-CPU-K7, 2000\nKC-FAN-120\t500'}
              aria-describedby="quick-lines-hint"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <p id="quick-lines-hint" className="text-xs">
              One line each: the SKU, then a comma, a tab or spaces, then the quantity. At most {MAX_ORDER_LINES} lines.
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="quick-file" className="text-sm font-medium">
              Or upload a CSV file
            </label>
            <input
              id="quick-file"
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="file-input w-full"
              onChange={(event) => void upload(event)}
            />
            <FormProblem message={fileProblem} />
          </div>
        </section>
        <section aria-labelledby="quick-preview" className="flex min-w-0 flex-col gap-4">
          <h2 id="quick-preview" className="text-xl font-semibold">
            Check your lines
          </h2>
          {added !== null ? (
            <p role="status" className="rounded-box border border-success bg-base-100 p-4">
              {added} {added === 1 ? 'line' : 'lines'} added.{' '}
              <Link to="/cart" className="link font-medium">
                Go to your cart
              </Link>
            </p>
          ) : null}
          <RejectedLines rejected={rejected} title="These lines were not added" />
          <QuickOrderPreview lines={lines} lookup={lookup} />
          {tooMany ? (
            <p role="alert" className="text-sm text-error">
              At most {MAX_ORDER_LINES} lines at a time.
            </p>
          ) : null}
          {refusal ? <p className="text-sm">{refusal}</p> : null}
          <div hidden={refusal !== null}>
            <BusyButton
              busy={addLines.isPending}
              className="btn btn-primary"
              disabled={known.length === 0 || lookup.loading || tooMany}
              onClick={add}
            >
              Add to cart
            </BusyButton>
            {known.length > 0 && known.length < lines.length ? (
              <span className="ml-3 text-sm">Only the {known.length} resolved lines are added.</span>
            ) : null}
          </div>
        </section>
      </div>
    </div>
  );
}
