import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { MAX_PRICE_BREAKS } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import type { ProductEdit, ProductEditValues } from '../product-edit-values';

interface PriceBreaksFieldsetProps {
  control: Control<ProductEditValues, unknown, ProductEdit>;
  register: UseFormRegister<ProductEditValues>;
  errors: FieldErrors<ProductEditValues>['priceBreaks'];
}

/** The volume prices as rows the admin adds and removes (B2B §2: at most 10, quantities up, prices down). */
export function PriceBreaksFieldset({ control, register, errors }: PriceBreaksFieldsetProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'priceBreaks' });
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className="grid gap-3 rounded-box border border-base-300 p-4">
      <legend className="px-1 font-semibold">Volume prices</legend>
      <p id="price-breaks-hint" className="text-xs">
        From each quantity on, every unit costs the price beside it. Quantities rise above the minimum order and prices
        fall below the base price, row after row.
      </p>
      {fields.length === 0 ? <p className="text-sm">No volume prices: one price for every quantity.</p> : null}
      <ol className="grid gap-3">
        {fields.map((field, index) => (
          <li key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <InputField
              label={`Break ${index + 1}: from quantity`}
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              registration={register(`priceBreaks.${index}.minQuantity`)}
              error={errors?.[index]?.minQuantity?.message}
            />
            <InputField
              label={`Break ${index + 1}: unit price ($)`}
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              registration={register(`priceBreaks.${index}.price`)}
              error={errors?.[index]?.price?.message}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm mb-1"
              aria-label={`Remove break ${index + 1}`}
              onClick={() => remove(index)}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      {listError ? (
        <p className="text-sm text-error" role="alert">
          {listError}
        </p>
      ) : null}
      <div>
        <button
          type="button"
          className="btn btn-sm"
          disabled={fields.length >= MAX_PRICE_BREAKS}
          aria-describedby="price-breaks-hint"
          onClick={() => append({ minQuantity: '', price: '' }, { shouldFocus: true })}
        >
          Add a price break
        </button>
      </div>
    </fieldset>
  );
}
