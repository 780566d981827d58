// Receiving an authorized return (B2B §14): per line, the units that arrived (0 to the units returned) and whether
// they go back on the shelf. The server refunds the received units with their tax and issues the credit note.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { returnReceiveSchema, type Return } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { formatCount } from '../../../lib/count';
import { notify } from '../../../lib/notify';
import { useReturnStep } from '../api/return-steps';

/** The shared schema, with each line's most (the units the return names). */
function receiveFormSchema(rma: Return) {
  return returnReceiveSchema.superRefine((values, ctx) => {
    values.lines.forEach((line, index) => {
      const max = rma.lines[index]?.quantity ?? 0;
      if (line.quantity > max) {
        ctx.addIssue({ code: 'custom', path: ['lines', index, 'quantity'], message: `at most ${max} were returned` });
      }
    });
  });
}

function ReceiveForm({ rma, onClose }: { rma: Return; onClose: () => void }) {
  const step = useReturnStep();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(receiveFormSchema(rma)),
    // Every unit arrived and goes back on the shelf until the clerk says otherwise.
    defaultValues: {
      lines: rma.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, restock: true })),
    },
  });
  const submit = handleSubmit((values) => {
    setProblem(null);
    step.mutate(
      { returnId: rma._id, action: 'receive', body: values },
      {
        onSuccess: (received) => {
          notify.success(`Return ${received.number} is received`);
          onClose();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      {rma.lines.map((line, index) => (
        <fieldset key={line.productId} className="grid gap-2 rounded-box border border-base-300 p-3">
          <legend className="px-1 text-sm font-semibold break-words">
            {line.name} <span className="font-mono font-normal">({line.sku})</span>
          </legend>
          <InputField
            label="Units received"
            type="number"
            inputMode="numeric"
            min="0"
            max={line.quantity}
            step="1"
            hint={`${formatCount(line.quantity)} returned`}
            data-autofocus={index === 0 ? true : undefined}
            registration={register(`lines.${index}.quantity`, { valueAsNumber: true })}
            error={errors.lines?.[index]?.quantity?.message}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="checkbox checkbox-sm" {...register(`lines.${index}.restock`)} />
            Put them back in stock
          </label>
        </fieldset>
      ))}
      {problem ? (
        <p className="text-sm text-error" role="alert">
          {problem}
        </p>
      ) : null}
      <ModalActions
        dismissLabel="Cancel"
        onDismiss={onClose}
        confirmLabel="Receive and refund"
        pending={step.isPending}
      />
    </form>
  );
}

export function ReceiveReturnDialog({ rma, onClose }: { rma: Return | null; onClose: () => void }) {
  return (
    <Modal open={rma !== null} title={`Receive return ${rma?.number ?? ''}`} onClose={onClose}>
      {/* Keyed by the return so each opening starts from its own lines. */}
      {rma ? <ReceiveForm key={rma._id} rma={rma} onClose={onClose} /> : null}
    </Modal>
  );
}
