import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  NEW_PRODUCT_AVAILABLE_QUANTITY,
  NEW_PRODUCT_MIN_QUANTITY,
  messages,
  productCreateSchema,
} from '@kestrel/shared';
import { InputField, TextAreaField } from '../../../components/ui/field';
import { PageTitle } from '../../../components/ui/page-title';
import { humanMessage } from '../../../lib/human-message';
import { notify } from '../../../lib/notify';
import { useCreateProduct } from '../api/create-product';
import { uploadImage } from '../api/upload-image';
import { ImagePreview } from './image-preview';
import { BusyButton } from '../../../components/ui/busy-button';

// The page's own fields: the product's text fields as the API checks them, plus the file that becomes `img`.
const addProductFormSchema = z.object({
  name: productCreateSchema.shape.name,
  price: productCreateSchema.shape.price,
  description: productCreateSchema.shape.description,
  image: z
    .custom<FileList>((value) => value instanceof FileList && value.length > 0, messages.product.imageRequired)
    // Said before uploading: the server would refuse it (413) only after receiving it.
    .refine((files) => (files.item(0)?.size ?? 0) <= MAX_IMAGE_BYTES, messages.product.imageTooLarge),
});

export function AddProductPage() {
  const createProduct = useCreateProduct();
  const [progress, setProgress] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(addProductFormSchema), defaultValues: { name: '', description: '' } });
  const chosen = useWatch({ control, name: 'image' });
  const file = chosen instanceof FileList ? (chosen.item(0) ?? null) : null;

  const onSubmit = handleSubmit(async (values) => {
    const image = values.image.item(0);
    if (!image) return;
    setProgress(0);
    let img: string;
    try {
      // The file goes up first; its stored URL becomes the product's img.
      img = await uploadImage(image, setProgress);
    } catch (error) {
      setProgress(null);
      notify.error(error instanceof Error ? humanMessage(error.message) : messages.toast.productAddFailed);
      return;
    }
    try {
      const answer = await createProduct.mutateAsync({
        name: values.name,
        price: values.price,
        description: values.description,
        img,
        quantity: NEW_PRODUCT_MIN_QUANTITY,
        availableQuantity: NEW_PRODUCT_AVAILABLE_QUANTITY,
      });
      if (!answer.insertedId) throw new Error(messages.toast.productAddFailed);
      notify.success(messages.toast.productAdded);
      reset();
    } catch {
      notify.error(messages.toast.productAddFailed);
    } finally {
      setProgress(null);
    }
  });

  return (
    <>
      <PageTitle
        lead={`New products start with a minimum order of ${NEW_PRODUCT_MIN_QUANTITY} and ${NEW_PRODUCT_AVAILABLE_QUANTITY} in stock.`}
      >
        Add a product
      </PageTitle>
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid max-w-2xl gap-4 rounded-box border border-base-300 bg-base-100 p-6"
      >
        <InputField label="Name" registration={register('name')} error={humanMessage(errors.name?.message)} />
        <InputField
          label="Price (dollars per unit)"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          registration={register('price', { valueAsNumber: true })}
          error={humanMessage(errors.price?.message)}
        />
        <TextAreaField
          label="Description"
          registration={register('description')}
          error={humanMessage(errors.description?.message)}
        />
        <InputField
          label="Image"
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          hint="PNG, JPEG, WebP or GIF, at most 5 MB."
          registration={register('image')}
          error={humanMessage(errors.image?.message)}
        />
        <ImagePreview file={file} />
        {progress !== null ? (
          <div>
            <label htmlFor="upload-progress" className="text-sm font-medium">
              Uploading image: {progress}%
            </label>
            <progress id="upload-progress" className="progress progress-primary w-full" value={progress} max={100} />
          </div>
        ) : null}
        <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary justify-self-start">
          Add product
        </BusyButton>
      </form>
    </>
  );
}
