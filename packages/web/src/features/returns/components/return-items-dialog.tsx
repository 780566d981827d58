// "Return items" (B2B §14): the buyer chooses, per delivered line, how many units go back (at most what can still be
// returned) and why, plus a note. A refusal names its lines (400 `error.lines`), shown on those lines.
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_RETURN_NOTE_LENGTH, MAX_RETURN_REASON_LENGTH, type Order } from '@kestrel/shared';
import { InputField, TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { ApiRequestError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/count';
import { notify } from '../../../lib/notify';
import { useRequestReturn } from '../api/request-return';
import { returnFormSchema, toReturnRequest, type ReturnFormValues } from '../return-form';
import type { ReturnableLine } from '../returnable';

/** The 400's `error.lines`, by product (its index is the request's, not the form's). */
function lineErrorsOf(error: unknown): { productId: string; message: string }[] {
  if (!(error instanceof ApiRequestError) || typeof error.detail !== 'object' || error.detail === null) return [];
  const lines: unknown = Reflect.get(error.detail, 'lines');
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((line: unknown) => {
    if (typeof line !== 'object' || line === null) return [];
    const productId: unknown = Reflect.get(line, 'productId');
    const message: unknown = Reflect.get(line, 'message');
    return typeof productId === 'string' && typeof message === 'string' ? [{ productId, message }] : [];
  });
}

interface ReturnItemsDialogProps {
  order: Order;
  lines: readonly ReturnableLine[];
  open: boolean;
  onClose: () => void;
}

export function ReturnItemsDialog({ order, lines, open, onClose }: ReturnItemsDialogProps) {
  const request = useRequestReturn();
  // The modal <dialog> makes the page inert, toasts included, so a refusal is also said inside it.
  const [problem, setProblem] = useState<string | null>(null);
  const defaults: ReturnFormValues = {
    lines: lines.map((line) => ({ productId: line.productId, quantity: 0, reason: '' })),
    note: '',
  };
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(returnFormSchema(lines)), values: defaults });
  const { fields } = useFieldArray({ control, name: 'lines' });
  const close = () => {
    setProblem(null);
    reset(defaults);
    onClose();
  };

  const submit = handleSubmit((values) => {
    setProblem(null);
    request.mutate(
      { orderId: order._id, body: toReturnRequest(values) },
      {
        onSuccess: (rma) => {
          notify.success(`Return ${rma.number} is requested`);
          close();
        },
        onError: (error) => {
          setProblem(error.message);
          for (const bad of lineErrorsOf(error)) {
            const index = lines.findIndex((line) => line.productId === bad.productId);
            if (index >= 0) setError(`lines.${index}.quantity`, { message: bad.message }, { shouldFocus: true });
          }
        },
      },
    );
  });

  const listError = errors.lines?.root?.message ?? errors.lines?.message;
  return (
    <Modal open={open} title={`Return items of order ${order.number}`} onClose={close}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <p className="text-sm">
          Choose how many units of each line go back and why. Lines left at 0 stay with you. The shop answers with an
          RMA number and where to send the goods.
        </p>
        {fields.map((field, index) => {
          const line = lines[index];
          if (!line) return null;
          return (
            <fieldset
              key={field.id}
              className="grid gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-[8rem_1fr]"
            >
              <legend className="px-1 text-sm font-semibold break-words">
                {line.name} <span className="font-mono font-normal">({line.sku})</span>
              </legend>
              <InputField
                label="Quantity"
                type="number"
                inputMode="numeric"
                min="0"
                max={line.max}
                step="1"
                hint={`up to ${formatCount(line.max)}`}
                data-autofocus={index === 0 ? true : undefined}
                registration={register(`lines.${index}.quantity`, { valueAsNumber: true })}
                error={errors.lines?.[index]?.quantity?.message}
              />
              <InputField
                label="Reason"
                maxLength={MAX_RETURN_REASON_LENGTH}
                registration={register(`lines.${index}.reason`)}
                error={errors.lines?.[index]?.reason?.message}
              />
            </fieldset>
          );
        })}
        {listError ? (
          <p className="text-sm text-error" role="alert">
            {listError}
          </p>
        ) : null}
        <TextAreaField
          label="Note (optional)"
          rows={2}
          maxLength={MAX_RETURN_NOTE_LENGTH}
          registration={register('note')}
          error={errors.note?.message}
        />
        {problem ? (
          <p className="text-sm text-error" role="alert">
            {problem}
          </p>
        ) : null}
        <ModalActions
          dismissLabel="Cancel"
          onDismiss={close}
          confirmLabel="Ask for the return"
          pending={request.isPending}
        />
      </form>
    </Modal>
  );
}
