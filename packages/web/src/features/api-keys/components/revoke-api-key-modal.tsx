import { useState } from 'react';
import type { ApiKey } from '@kestrel/shared';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { notify } from '../../../lib/notify';
import { useRevokeApiKey } from '../api/revoke-api-key';

interface RevokeApiKeyModalProps {
  apiKey: ApiKey | null;
  onClose: () => void;
}

/** Revoking is final and stops a system at once, so it is confirmed first. */
export function RevokeApiKeyModal({ apiKey, onClose }: RevokeApiKeyModalProps) {
  const revoke = useRevokeApiKey();
  // Said inside the dialog as well: the page behind a modal <dialog>, toasts included, is inert.
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = () => {
    if (!apiKey) return;
    revoke.mutate(apiKey._id, {
      onSuccess: () => {
        notify.success(`Key “${apiKey.name}” revoked`);
        close();
      },
      onError: (error) => setProblem(error.message),
    });
  };
  return (
    <Modal open={apiKey !== null} onClose={close} title="Revoke this key?">
      <p>
        Systems calling with <strong>{apiKey?.name}</strong> are refused from now on. This cannot be undone.
      </p>
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-error">
          {problem}
        </p>
      ) : null}
      <ModalActions
        dismissLabel="Keep it"
        onDismiss={close}
        confirmLabel="Yes, revoke"
        pending={revoke.isPending}
        danger
        onConfirm={confirm}
      />
    </Modal>
  );
}
