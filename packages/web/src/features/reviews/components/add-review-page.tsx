import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RATING_MAX, RATING_MIN, messages, reviewCreateSchema } from '@kestrel/shared';
import { InputField, TextAreaField } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth-store';
import { notify } from '../../../lib/notify';
import { useCreateReview } from '../api/create-review';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AddReviewPage() {
  useDocumentTitle('Add review');
  const { user } = useAuth();
  const createReview = useCreateReview();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(reviewCreateSchema),
    defaultValues: { name: user?.name ?? '', description: '', image: '' },
  });

  const onSubmit = handleSubmit((values) =>
    createReview.mutate(values, {
      onSuccess: (answer) => {
        if (answer.insertedId) {
          notify.success(messages.toast.reviewAdded);
          reset();
        } else notify.error(messages.toast.reviewAddFailed);
      },
      onError: (error) => notify.error(error.message || messages.toast.reviewAddFailed),
    }),
  );

  return (
    <div className="flex justify-center">
      <section
        aria-labelledby="add-review-title"
        className="card w-full max-w-lg border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body">
          <h1 id="add-review-title" className="card-title justify-center text-2xl">
            Add review
          </h1>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <InputField label="Name" autoComplete="name" registration={register('name')} error={errors.name?.message} />
            <InputField
              label="Rating"
              type="number"
              inputMode="numeric"
              min={RATING_MIN}
              max={RATING_MAX}
              step={1}
              hint={`A whole number from ${RATING_MIN} to ${RATING_MAX}.`}
              registration={register('rating', { valueAsNumber: true })}
              error={errors.rating?.message}
            />
            <TextAreaField
              label="Description"
              registration={register('description')}
              error={errors.description?.message}
            />
            <InputField
              label="Image"
              type="url"
              placeholder="https://… (optional)"
              registration={register('image')}
              error={errors.image?.message}
            />
            <button type="submit" className="btn btn-primary" disabled={createReview.isPending}>
              {createReview.isPending ? (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              ) : null}
              Add a Review
            </button>
          </form>
        </div>
      </section>
    </div>
  );
}
