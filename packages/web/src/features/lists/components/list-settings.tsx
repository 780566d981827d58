// Rename, share or make private (PATCH /api/lists/{id}) and delete, for the list's creator and the company's owners
// (B2B §16); deleting asks first in the app's confirm dialog.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { listPatchSchema, type List, type ListPatch } from '@kestrel/shared';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAuth } from '../../../lib/auth-store';
import { notify } from '../../../lib/notify';
import { useDeleteList } from '../api/delete-list';
import { useUpdateList } from '../api/update-list';
import { mayShareLists } from '../list-access';
import { ListNameFields } from './list-name-fields';
import { BusyButton } from '../../../components/ui/busy-button';

type Parsed = z.output<typeof listPatchSchema>;

export function ListSettings({ list }: { list: List }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const update = useUpdateList();
  const remove = useDeleteList();
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ListPatch, unknown, Parsed>({
    resolver: zodResolver(listPatchSchema),
    defaultValues: { name: list.name, shared: list.shared },
  });

  const onSubmit = handleSubmit(async ({ name, shared }) => {
    setSaid(null);
    try {
      // Sharing is offered only to those who may share; the others rename only.
      const saved = await update.mutateAsync({
        listId: list._id,
        body: mayShareLists(user) ? { name, shared } : { name },
      });
      reset({ name: saved.name, shared: saved.shared });
      setSaid({ ok: true, text: `Saved: ${saved.name}, ${saved.shared ? 'shared with your company' : 'private'}.` });
    } catch (error) {
      setSaid({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  });

  return (
    <section aria-labelledby="list-settings-title" className="rounded-box border border-base-300 bg-base-100 p-6">
      <h2 id="list-settings-title" className="text-lg font-semibold">
        Name and sharing
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-3 flex max-w-xl flex-col gap-3">
        <ListNameFields
          name={register('name')}
          shared={register('shared')}
          nameError={errors.name?.message ?? errors.root?.message}
          sharedError={errors.shared?.message}
        />
        <p role="status" className={`text-sm ${said?.ok === false ? 'text-error' : ''}`}>
          {said?.text}
        </p>
        <div className="flex flex-wrap gap-3">
          <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary" disabled={!isDirty}>
            Save name and sharing
          </BusyButton>
          <button type="button" className="btn btn-outline btn-error" onClick={() => setConfirming(true)}>
            Delete list
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${list.name}?`}
        confirmLabel="Yes, delete the list"
        dismissLabel="Keep it"
        danger
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutateAsync(list._id).then(() => {
            notify.success(`List ${list.name} deleted`);
            void navigate('/dashboard/lists');
          })
        }
      >
        <p>
          Its {list.lines.length === 1 ? 'line goes' : `${list.lines.length} lines go`} with it
          {list.shared ? ', for everyone in your company' : ''}. This cannot be undone; your cart and orders stay as
          they are.
        </p>
      </ConfirmDialog>
    </section>
  );
}
