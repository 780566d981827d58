// "Save cart as list" (B2B §16's POST /api/cart/list), loaded when first asked for (app/list-buttons.tsx): the cart's
// lines become a new list, private or shared with the company, and the cart stays as it is.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { saveCartAsListSchema, type SaveCartAsList } from '@kestrel/shared';
import type { z } from 'zod';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { notify } from '../../../lib/notify';
import { useSaveCartAsList } from '../api/save-cart-as-list';
import { ListNameFields } from './list-name-fields';
import { FormProblem } from '../../../components/ui/form-problem';

type Parsed = z.output<typeof saveCartAsListSchema>;

export function SaveCartDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const save = useSaveCartAsList();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SaveCartAsList, unknown, Parsed>({
    resolver: zodResolver(saveCartAsListSchema),
    defaultValues: { name: '', shared: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const list = await save.mutateAsync(values);
      notify.success(`Your cart is saved as ${list.name}`);
      void navigate(`/dashboard/lists/${encodeURIComponent(list._id)}`);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <Modal open={open} onClose={onClose} title="Save your cart as a list">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <p className="text-sm">
          Every line of your cart, with its quantity, goes on a new list you can add to the cart again next time. Your
          cart stays as it is.
        </p>
        <ListNameFields
          name={register('name')}
          shared={register('shared')}
          nameError={errors.name?.message}
          sharedError={errors.shared?.message}
          autoFocus
        />
        <FormProblem message={problem} />
        <ModalActions dismissLabel="Cancel" onDismiss={onClose} confirmLabel="Save list" pending={isSubmitting} />
      </form>
    </Modal>
  );
}
