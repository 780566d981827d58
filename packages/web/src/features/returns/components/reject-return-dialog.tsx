import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_RETURN_REASON_LENGTH, returnRejectSchema, type Return } from '@kestrel/shared';
import { TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { notify } from '../../../lib/notify';
import { useReturnStep } from '../api/return-steps';
import { useState } from 'react';

/** Rejecting a requested return (B2B §14) says why; the buyer is mailed the reason. */
export function RejectReturnDialog({ rma, onClose }: { rma: Return | null; onClose: () => void }) {
  const step = useReturnStep();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(returnRejectSchema), defaultValues: { reason: '' } });
  const close = () => {
    setProblem(null);
    reset();
    onClose();
  };
  const submit = handleSubmit((values) => {
    if (!rma) return;
    step.mutate(
      { returnId: rma._id, action: 'reject', body: values },
      {
        onSuccess: (rejected) => {
          notify.success(`Return ${rejected.number} is rejected`);
          close();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  });
  return (
    <Modal open={rma !== null} title={`Reject return ${rma?.number ?? ''}?`} onClose={close}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <TextAreaField
          label="Reason"
          rows={2}
          maxLength={MAX_RETURN_REASON_LENGTH}
          data-autofocus
          registration={register('reason')}
          error={errors.reason?.message}
        />
        {problem ? (
          <p className="text-sm text-error" role="alert">
            {problem}
          </p>
        ) : null}
        <ModalActions
          dismissLabel="Keep it"
          onDismiss={close}
          confirmLabel="Reject return"
          danger
          pending={step.isPending}
        />
      </form>
    </Modal>
  );
}
