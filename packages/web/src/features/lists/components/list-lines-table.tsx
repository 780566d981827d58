// A list's lines (B2B §16) through the shared LineTable (cards at phone width): quantities and notes edited in one
// form and saved together with PUT /api/lists/{id}/lines, a line removed (saved at once with the rest), each line's
// problem from the API under its name, and a tick per line to add only some to the cart. A reader who may not edit
// sees the same lines as text.
import { useEffect, useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { listLinesPutSchema, MAX_LIST_NOTE_LENGTH, type List, type ListLine, type ListLinesPut } from '@kestrel/shared';
import type { z } from 'zod';
import { LineTable } from '../../../components/ui/line-table';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormProblem } from '../../../components/ui/form-problem';

type Parsed = z.output<typeof listLinesPutSchema>;

const toValues = (list: List): ListLinesPut => ({
  lines: list.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, note: line.note ?? '' })),
});

/**
 * The form's parsed lines as the call takes them: an empty note is left out, and so are the lines of products the
 * shop has deleted (the PUT takes only products that exist; each such line says it goes with the next save).
 */
const toBody = (parsed: Parsed, gone: ReadonlySet<string>): ListLinesPut => ({
  lines: parsed.lines
    .filter(({ productId }) => !gone.has(productId))
    .map(({ productId, quantity, note }) => ({ productId, quantity, ...(note ? { note } : {}) })),
});

/** A deleted product's line: the API keeps it, unpriced, so the reader sees what to replace. */
const isGone = (line: ListLine) => line.unitPrice === null;

const money = (amount: number | null) => (amount === null ? 'Not available' : formatDollars(amount));

interface ListLinesTableProps {
  list: List;
  editable: boolean;
  /** Ticks for "add selected to cart"; null when the reader adds nothing to a cart. */
  selection: { selected: ReadonlySet<string>; toggle: (productId: string) => void } | null;
  saving: boolean;
  onSave: (body: ListLinesPut) => Promise<List>;
  /** Told whether there are unsaved changes (adding lines or to the cart waits for them). */
  onDirty: (dirty: boolean) => void;
}

export function ListLinesTable({ list, editable, selection, saving, onSave, onDirty }: ListLinesTableProps) {
  const id = useId();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ListLinesPut, unknown, Parsed>({
    resolver: zodResolver(listLinesPutSchema),
    defaultValues: toValues(list),
  });
  const { fields, remove } = useFieldArray({ control, name: 'lines', keyName: 'key' });
  const byProduct = new Map(list.lines.map((line) => [line.productId, line]));
  const gone = new Set(list.lines.filter(isGone).map((line) => line.productId));

  // A newer list from the server (a line added by SKU, another tab) replaces the form while nothing is unsaved.
  useEffect(() => {
    if (!isDirty) reset(toValues(list));
    // Only a new answer resets; isDirty changing must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list]);
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);

  const save = handleSubmit(async (parsed) => {
    const saved = await onSave(toBody(parsed, gone));
    reset(toValues(saved));
  });

  const problemOf = (line: ListLine | undefined) => line?.problem ?? null;
  const hasProblems = list.lines.some((line) => line.problem !== null);

  return (
    <form noValidate onSubmit={save} aria-label={`Lines of ${list.name}`}>
      <LineTable
        label={`Lines of ${list.name}`}
        caption={`The lines of ${list.name}`}
        boxed
        columns={[
          ...(selection ? [{ label: 'Select for the cart', hidden: true }] : []),
          { label: 'SKU' },
          { label: 'Product' },
          { label: 'Quantity' },
          { label: 'Note' },
          { label: 'Unit price', numeric: true },
          { label: 'Line total', numeric: true },
          ...(editable ? [{ label: 'Actions', hidden: true }] : []),
        ]}
      >
        <tbody>
          {fields.map((field, index) => {
            const line = byProduct.get(field.productId);
            const name = line?.name ?? field.productId;
            const problem = problemOf(line);
            const rowId = `${id}-${index}`;
            const quantityError = errors.lines?.[index]?.quantity?.message;
            const noteError = errors.lines?.[index]?.note?.message;
            const described = [problem ? `${rowId}-problem` : '', quantityError ? `${rowId}-qty-error` : '']
              .filter(Boolean)
              .join(' ');
            return (
              <tr key={field.key} aria-labelledby={`${rowId}-name`} data-sku={line?.sku}>
                {selection ? (
                  <td data-label="For the cart">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      aria-label={`Select ${name} for the cart`}
                      checked={selection.selected.has(field.productId)}
                      onChange={() => selection.toggle(field.productId)}
                    />
                  </td>
                ) : null}
                <td className="font-mono text-xs break-all" data-label="SKU">
                  {line?.sku}
                </td>
                <td data-label="Product">
                  <span id={`${rowId}-name`} className="font-medium">
                    {name}
                  </span>
                  {problem ? (
                    <p className="text-sm text-error" id={`${rowId}-problem`} data-testid="line-problem">
                      {problem}
                    </p>
                  ) : null}
                  {editable && gone.has(field.productId) ? (
                    <p className="text-xs">The shop no longer sells it: saving the list removes this line.</p>
                  ) : null}
                </td>
                <td data-label="Quantity">
                  {editable && !gone.has(field.productId) ? (
                    <>
                      <label htmlFor={`${rowId}-qty`} className="sr-only">
                        Quantity of {name}
                      </label>
                      <input
                        id={`${rowId}-qty`}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        className={`input input-sm w-28 tabular-nums ${problem || quantityError ? 'input-error' : ''}`}
                        aria-invalid={problem || quantityError ? true : undefined}
                        aria-describedby={described || undefined}
                        {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
                      />
                      {quantityError ? (
                        <p id={`${rowId}-qty-error`} role="alert" className="text-sm text-error">
                          {quantityError}
                        </p>
                      ) : null}
                    </>
                  ) : (
                    <span className="tabular-nums">{formatCount(line?.quantity ?? 0)}</span>
                  )}
                </td>
                <td data-label="Note">
                  {editable && !gone.has(field.productId) ? (
                    <>
                      <label htmlFor={`${rowId}-note`} className="sr-only">
                        Note for {name}
                      </label>
                      <input
                        id={`${rowId}-note`}
                        className={`input input-sm w-40 ${noteError ? 'input-error' : ''}`}
                        maxLength={MAX_LIST_NOTE_LENGTH}
                        aria-invalid={noteError ? true : undefined}
                        {...register(`lines.${index}.note`)}
                      />
                      <FormProblem message={noteError} />
                    </>
                  ) : (
                    (line?.note ?? '')
                  )}
                </td>
                <td className="text-right tabular-nums" data-label="Unit price">
                  {money(line?.unitPrice ?? null)}
                </td>
                <td className="text-right font-medium tabular-nums" data-label="Line total">
                  {money(line?.lineTotal ?? null)}
                </td>
                {editable ? (
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm text-error"
                      aria-label={`Remove ${name}`}
                      disabled={saving}
                      onClick={() => {
                        remove(index);
                        void save();
                      }}
                    >
                      Remove
                    </button>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
        <tfoot className="text-base-content">
          <tr>
            <th scope="row" colSpan={(selection ? 1 : 0) + 5} className="text-right text-base">
              Total
              {hasProblems ? <span className="block text-xs font-normal">of the lines that can be ordered</span> : null}
            </th>
            <td className="text-right text-base font-semibold tabular-nums" data-testid="list-total">
              {formatDollars(list.total)}
            </td>
            {editable ? <td /> : null}
          </tr>
        </tfoot>
      </LineTable>
      {errors.lines?.message || errors.lines?.root?.message ? (
        <p role="alert" className="mt-2 text-sm text-error">
          {errors.lines.message ?? errors.lines.root?.message}
        </p>
      ) : null}
      {editable ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <BusyButton busy={saving} type="submit" className="btn btn-primary" disabled={!isDirty}>
            Save changes
          </BusyButton>
          {isDirty ? (
            <button type="button" className="btn btn-ghost" onClick={() => reset(toValues(list))}>
              Undo changes
            </button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
