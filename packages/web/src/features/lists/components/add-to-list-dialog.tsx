// "Add to list" on a product's page (B2B §16), loaded when first asked for (app/list-buttons.tsx): one of the reader's
// lists they may edit, or a new one, and the quantity. The line is added as the cart adds (POST /api/lists/{id}/lines
// by SKU: a product already on the list adds up), and what the API answered is said in the dialog.
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { z } from 'zod';
import { lineQuantitySchema, listCreateSchema, type ListSummary, type Product } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-store';
import { formatCount } from '../../../lib/count';
import { useAddListLines } from '../api/add-list-lines';
import { useCreateList } from '../api/create-list';
import { useLists } from '../api/get-lists';
import { listAccess } from '../list-access';
import { ListNameFields } from './list-name-fields';

/** The list chosen (NEW_LIST: a new one, named here with the shared schema's rules) and the quantity. */
const NEW_LIST = 'new';
const addToListSchema = z
  .object({
    listId: z.string(),
    name: z.string(),
    shared: z.boolean().optional(),
    quantity: lineQuantitySchema,
  })
  .superRefine((values, context) => {
    if (values.listId !== NEW_LIST) return;
    const named = listCreateSchema.shape.name.safeParse(values.name);
    if (!named.success) {
      context.addIssue({ code: 'custom', path: ['name'], message: named.error.issues[0]?.message ?? '' });
    }
  });
type AddToListValues = z.input<typeof addToListSchema>;

interface Outcome {
  ok: boolean;
  text: string;
  listId?: string;
}

interface AddToListDialogProps {
  product: Product;
  open: boolean;
  onClose: () => void;
}

/** The dialog: the form, then once added what the API answered, with the way to the list or to add again. */
export function AddToListDialog({ product, open, onClose }: AddToListDialogProps) {
  const lists = useLists();
  const [added, setAdded] = useState<Outcome | null>(null);
  const [round, setRound] = useState(0);
  const done = useRef<HTMLButtonElement>(null);
  // The form's button that was pressed is gone: focus goes to the next step rather than to the top of the page.
  useEffect(() => {
    if (added) done.current?.focus();
  }, [added]);
  return (
    <Modal open={open} onClose={onClose} title={`Add ${product.name} to a list`}>
      {lists.isPending ? <Spinner label="Loading your lists" size="sm" /> : null}
      {lists.isError ? (
        <p role="alert" className="text-sm text-error">
          {lists.error.message}
        </p>
      ) : null}
      {/* Always in the page, so what is put in it is announced. */}
      <p role="status" className="text-sm">
        {added ? `${added.text} ` : null}
        {added?.listId ? (
          <Link to={`/dashboard/lists/${encodeURIComponent(added.listId)}`} className="link font-medium">
            Open the list
          </Link>
        ) : null}
      </p>
      {added ? (
        <div className="modal-action">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setAdded(null);
              setRound((n) => n + 1);
            }}
          >
            Add again
          </button>
          <button ref={done} type="button" className="btn btn-primary" onClick={onClose}>
            Done
          </button>
        </div>
      ) : lists.data ? (
        <AddToListForm key={round} product={product} lists={lists.data} onAdded={setAdded} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

interface AddToListFormProps {
  product: Product;
  lists: ListSummary[];
  onAdded: (outcome: Outcome) => void;
  onClose: () => void;
}

function AddToListForm({ product, lists, onAdded, onClose }: AddToListFormProps) {
  const id = useId();
  const { user } = useAuth();
  const createList = useCreateList();
  const addLines = useAddListLines();
  const [refusal, setRefusal] = useState<Outcome | null>(null);
  // Only the lists whose lines the reader may change: a viewer's company lists are read-only to them.
  const editable = lists.filter((list) => listAccess(list, user).editLines);
  const {
    register,
    handleSubmit,
    control,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AddToListValues, unknown, z.output<typeof addToListSchema>>({
    resolver: zodResolver(addToListSchema),
    defaultValues: { listId: editable[0]?._id ?? NEW_LIST, name: '', shared: false, quantity: product.quantity },
  });
  const creating = useWatch({ control, name: 'listId' }) === NEW_LIST;
  // The dialog opened before the lists arrived, so its own first focus found no field: the list comes first.
  useEffect(() => setFocus('listId'), [setFocus]);

  const onSubmit = handleSubmit(async ({ listId, name, shared, quantity }) => {
    setRefusal(null);
    try {
      const list =
        listId === NEW_LIST ? await createList.mutateAsync({ name, ...(shared ? { shared } : {}) }) : { _id: listId };
      const answer = await addLines.mutateAsync({
        listId: list._id,
        body: { lines: [{ sku: product.sku, quantity }] },
      });
      const refused = answer.rejected[0];
      if (refused) {
        setRefusal({ ok: false, text: `${product.sku}: ${refused.message}`, listId: answer._id });
        return;
      }
      const line = answer.lines.find((l) => l.productId === product._id);
      // Quantities of a product already on the list add up, so the sum may break a rule the added quantity kept.
      const now = line && line.quantity !== quantity ? ` The list now has ${formatCount(line.quantity)}.` : '';
      const problem = line?.problem ? ` As it stands: ${line.problem}.` : '';
      onAdded({
        ok: true,
        text: `Added ${formatCount(quantity)} × ${product.name} to ${answer.name}.${now}${problem}`,
        listId: answer._id,
      });
    } catch (error) {
      setRefusal({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-list`} className="text-sm font-medium">
          List
        </label>
        <select id={`${id}-list`} className="select w-full" {...register('listId')} data-autofocus>
          {editable.map((list) => (
            <option key={list._id} value={list._id}>
              {list.name}
              {list.shared ? ' (shared)' : ''}
            </option>
          ))}
          <option value={NEW_LIST}>A new list…</option>
        </select>
      </div>
      {creating ? (
        <ListNameFields
          name={register('name')}
          shared={register('shared')}
          nameError={errors.name?.message}
          sharedError={errors.shared?.message}
        />
      ) : null}
      <InputField
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={1}
        step={product.packSize}
        hint={`Orders start at ${formatCount(product.quantity)}${
          product.packSize > 1 ? `, in packs of ${formatCount(product.packSize)}` : ''
        }.`}
        registration={register('quantity', { valueAsNumber: true })}
        error={errors.quantity?.message}
      />
      {refusal ? (
        <p role="alert" className="text-sm text-error">
          {refusal.text}
        </p>
      ) : null}
      <ModalActions dismissLabel="Close" onDismiss={onClose} confirmLabel="Add to list" pending={isSubmitting} />
    </form>
  );
}
