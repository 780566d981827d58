import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { cardVariantUrl, type Product } from '@kestrel/shared';
import { InputField, TextAreaField } from '../../../components/ui/field';
import { ApiRequestError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/count';
import { notify } from '../../../lib/notify';
import { catalogQuery } from '../api/get-catalog';
import { useUpdateProduct } from '../api/update-product';
import {
  changedFields,
  productEditSchema,
  toEditValues,
  type ProductEdit,
  type ProductEditValues,
} from '../product-edit-values';
import { humanMessage } from '../../../lib/human-message';
import { serverErrorField } from '../product-edit-errors';
import { ImageUploadField } from './image-upload-field';
import { PriceBreaksFieldset } from './price-breaks-fieldset';
import { BusyButton } from '../../../components/ui/busy-button';

const box = 'grid gap-4 rounded-box border border-base-300 p-4';

/**
 * Every field of a product (B2B §1). Only the fields that differ from the product as loaded are sent; the stock moves
 * by an adjustment added on the server at the moment of saving, so orders placed meanwhile are never lost.
 */
export function ProductEditForm({ product }: { product: Product }) {
  const update = useUpdateProduct(product._id);
  // Categories already in use, offered as suggestions (a one-product page of the catalogue carries them all).
  const categories = useQuery(catalogQuery('pageSize=1')).data?.categories ?? [];
  const schema = useMemo(() => productEditSchema(product.availableQuantity), [product.availableQuantity]);
  const [problem, setProblem] = useState<string | null>(null);
  const [unchanged, setUnchanged] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProductEditValues, unknown, ProductEdit>({
    resolver: zodResolver(schema),
    defaultValues: toEditValues(product),
  });
  const adjustment = Number(useWatch({ control, name: 'stockAdjustment' }) || 0);
  const img = useWatch({ control, name: 'img' });

  const onSubmit = handleSubmit(async (edit) => {
    setProblem(null);
    const patch = changedFields(product, edit);
    setUnchanged(Object.keys(patch).length === 0);
    if (Object.keys(patch).length === 0) return;
    try {
      const saved = await update.mutateAsync(patch);
      reset(toEditValues(saved));
      notify.success(`${saved.name} is saved`);
    } catch (error) {
      const message = error instanceof Error ? humanMessage(error.message) : 'The product could not be saved';
      const field = serverErrorField(error instanceof ApiRequestError ? error : null);
      if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
      setProblem(message);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6 rounded-box border border-base-300 bg-base-100 p-6">
      <fieldset className={`${box} md:grid-cols-2`}>
        <legend className="px-1 font-semibold">The product</legend>
        <InputField label="Name" registration={register('name')} error={humanMessage(errors.name?.message)} />
        <InputField
          label="SKU"
          autoCapitalize="characters"
          spellCheck={false}
          hint="3-32 capital letters, digits or dashes, unique in the shop."
          registration={register('sku')}
          error={humanMessage(errors.sku?.message)}
        />
        <InputField
          label="Category"
          list="category-suggestions"
          registration={register('category')}
          error={humanMessage(errors.category?.message)}
        />
        <datalist id="category-suggestions">
          {categories.map((category) => (
            <option key={category.name} value={category.name} />
          ))}
        </datalist>
        <div className="md:col-span-2">
          <TextAreaField
            label="Description"
            registration={register('description')}
            error={humanMessage(errors.description?.message)}
          />
        </div>
      </fieldset>

      <fieldset className={`${box} sm:grid-cols-2`}>
        <legend className="px-1 font-semibold">Price and quantities</legend>
        <InputField
          label="Base price (dollars per unit)"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          registration={register('price')}
          error={humanMessage(errors.price?.message)}
        />
        <InputField
          label="Minimum order quantity"
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          registration={register('quantity')}
          error={humanMessage(errors.quantity?.message)}
        />
        <InputField
          label="Pack size"
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          hint="Orders come in whole packs; the minimum must be a whole number of packs."
          registration={register('packSize')}
          error={humanMessage(errors.packSize?.message)}
        />
        <InputField
          label="Maximum per order"
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          hint="Leave empty for no maximum (the stock still limits an order)."
          registration={register('maxQuantity')}
          error={humanMessage(errors.maxQuantity?.message)}
        />
      </fieldset>

      <PriceBreaksFieldset control={control} register={register} errors={errors.priceBreaks} />

      <fieldset className={`${box} sm:grid-cols-2`}>
        <legend className="px-1 font-semibold">Stock</legend>
        <p className="sm:col-span-2">
          In stock now: <strong className="tabular-nums">{formatCount(product.availableQuantity)}</strong> units.
        </p>
        <InputField
          label="Stock adjustment (+ adds, − removes)"
          type="number"
          inputMode="numeric"
          step="1"
          placeholder="0"
          hint={
            Number.isInteger(adjustment) && adjustment !== 0
              ? `After saving: ${formatCount(product.availableQuantity + adjustment)} units, plus or minus orders placed meanwhile.`
              : 'Added to the stock when you save, so orders placed meanwhile are kept.'
          }
          registration={register('stockAdjustment')}
          error={humanMessage(errors.stockAdjustment?.message)}
        />
      </fieldset>

      <fieldset className={`${box} sm:grid-cols-[1fr_auto]`}>
        <legend className="px-1 font-semibold">Image</legend>
        <div className="grid gap-4">
          <InputField
            label="Image URL"
            hint="A path on this shop (/api/images/…) or an http(s) address."
            registration={register('img')}
            error={humanMessage(errors.img?.message)}
          />
          <ImageUploadField onUploaded={(url) => setValue('img', url, { shouldDirty: true, shouldValidate: true })} />
        </div>
        {img ? (
          <img
            src={cardVariantUrl(img)}
            alt="Preview of the product image"
            width={160}
            height={120}
            className="h-30 w-40 rounded-box border border-base-300 object-cover"
          />
        ) : null}
      </fieldset>

      {problem ? (
        <div role="alert" className="rounded-box border border-error p-4 text-error">
          <p className="font-semibold">The changes were not saved.</p>
          <p className="mt-1">{problem}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary">
          Save changes
        </BusyButton>
        <button
          type="button"
          className="btn"
          disabled={!isDirty || isSubmitting}
          onClick={() => {
            reset(toEditValues(product));
            setProblem(null);
            setUnchanged(false);
          }}
        >
          Discard changes
        </button>
        <Link to={`/purchase/${product._id}`} className="link">
          See it in the shop
        </Link>
        <p aria-live="polite" className="text-sm">
          {unchanged ? 'Nothing has changed, so there is nothing to save.' : ''}
        </p>
      </div>
    </form>
  );
}
