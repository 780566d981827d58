import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { listCreateSchema, type ListCreate } from '@kestrel/shared';
import type { z } from 'zod';
import { notify } from '../../../lib/notify';
import { useCreateList } from '../api/create-list';
import { ListNameFields } from './list-name-fields';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormProblem } from '../../../components/ui/form-problem';

type Parsed = z.output<typeof listCreateSchema>;

/** A new, empty list on My Lists (POST /api/lists), opened at once to add lines by SKU. */
export function NewListForm() {
  const navigate = useNavigate();
  const create = useCreateList();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ListCreate, unknown, Parsed>({
    resolver: zodResolver(listCreateSchema),
    defaultValues: { name: '', shared: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const list = await create.mutateAsync(values);
      notify.success(`List ${list.name} created`);
      void navigate(`/dashboard/lists/${encodeURIComponent(list._id)}`);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="new-list-title"
      className="flex max-w-xl flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-6"
    >
      <h2 id="new-list-title" className="text-lg font-semibold">
        New list
      </h2>
      <ListNameFields
        name={register('name')}
        shared={register('shared')}
        nameError={errors.name?.message}
        sharedError={errors.shared?.message}
      />
      <FormProblem message={problem} />
      <div>
        <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary">
          Create list
        </BusyButton>
      </div>
    </form>
  );
}
