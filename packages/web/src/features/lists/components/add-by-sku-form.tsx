// Lines added by SKU (POST /api/lists/{id}/lines), as quick order adds to the cart: a SKU the shop does not know comes
// back in `rejected` and is named; a product already on the list adds up.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { lineQuantitySchema, listLinesAddSchema } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { formatCount } from '../../../lib/count';
import { useAddListLines } from '../api/add-list-lines';

// One line of the shared call's body, with the quantity held to the list's rule before it is sent.
const addBySkuSchema = listLinesAddSchema.shape.lines.element.extend({
  sku: z.string().trim().min(1, 'Enter a SKU'),
  quantity: lineQuantitySchema,
});
type AddBySku = z.input<typeof addBySkuSchema>;

interface AddBySkuFormProps {
  listId: string;
  /** Why adding waits (unsaved changes above), or null. */
  blocked: string | null;
}

export function AddBySkuForm({ listId, blocked }: AddBySkuFormProps) {
  const add = useAddListLines();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddBySku, unknown, z.output<typeof addBySkuSchema>>({
    resolver: zodResolver(addBySkuSchema),
    defaultValues: { sku: '', quantity: 1 },
  });

  const onSubmit = handleSubmit(async ({ sku, quantity }) => {
    setSaid(null);
    try {
      const answer = await add.mutateAsync({ listId, body: { lines: [{ sku, quantity }] } });
      const refused = answer.rejected[0];
      if (refused) {
        setSaid({ ok: false, text: `Not added: ${refused.sku || '(no SKU)'}: ${refused.message}` });
        return;
      }
      const line = answer.lines.find((l) => l.sku.toUpperCase() === sku.toUpperCase());
      setSaid({
        ok: true,
        text: line
          ? `Added ${formatCount(quantity)} × ${line.name} (${line.sku}); the list has ${formatCount(line.quantity)}.`
          : `Added ${sku}.`,
      });
      reset({ sku: '', quantity: 1 });
    } catch (error) {
      setSaid({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="add-by-sku-title"
      className="rounded-box border border-base-300 bg-base-100 p-6"
    >
      <h2 id="add-by-sku-title" className="text-lg font-semibold">
        Add by SKU
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        <InputField label="SKU" autoComplete="off" registration={register('sku')} error={errors.sku?.message} />
        <InputField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          registration={register('quantity', { valueAsNumber: true })}
          error={errors.quantity?.message}
        />
        <button type="submit" className="btn btn-primary sm:mt-6" disabled={isSubmitting || blocked !== null}>
          Add line
        </button>
      </div>
      {blocked ? <p className="mt-2 text-sm">{blocked}</p> : null}
      <p role="status" className={`mt-2 text-sm ${said?.ok === false ? 'text-error' : ''}`}>
        {said?.text}
      </p>
    </form>
  );
}
