import type { Webhook } from '@kestrel/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../lib/notify';
import { useDeleteWebhook } from '../api/delete-webhook';
import { usePingWebhook } from '../api/ping-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { WebhookDeliveries } from './webhook-deliveries';

/** One endpoint: what it receives, whether it is on, and its actions (ping, enable or disable, log, delete). */
export function WebhookItem({ hook }: { hook: Webhook }) {
  const [showLog, setShowLog] = useState(false);
  const [asking, setAsking] = useState(false);
  const ping = usePingWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const events = hook.events.includes('*') ? 'All events' : hook.events.join(', ');

  const sendPing = () =>
    ping.mutate(hook._id, {
      onSuccess: (attempt) =>
        attempt.error === null
          ? notify.success(`Ping delivered (HTTP ${attempt.status ?? ''})`)
          : // The plain words (issue #47); the technical text stays in the delivery log.
            notify.error(`Ping failed: ${attempt.explanation ?? attempt.error}`),
      onError: (error) => notify.error(error.message),
    });
  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: hook._id, patch: { enabled } },
      {
        onSuccess: () => notify.success(enabled ? 'Endpoint enabled' : 'Endpoint disabled'),
        onError: (error) => notify.error(error.message),
      },
    );

  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-col gap-1">
        <p className="break-all font-mono text-sm">{hook.url}</p>
        {hook.description ? <p>{hook.description}</p> : null}
        <p className="text-sm">Events: {events}</p>
        <p className="text-sm">
          {hook.enabled ? (
            <span className="badge badge-success">Enabled</span>
          ) : (
            <span className="badge badge-neutral">Disabled</span>
          )}
          {hook.disabledReason ? <span> Disabled by the shop: {hook.disabledReason}</span> : null}
        </p>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm"
          onClick={sendPing}
          disabled={ping.isPending}
          aria-label={`Ping ${hook.url}`}
        >
          Ping
        </button>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => setEnabled(!hook.enabled)}
          disabled={update.isPending}
          aria-label={`${hook.enabled ? 'Disable' : 'Enable'} ${hook.url}`}
        >
          {hook.enabled ? 'Disable' : 'Enable'}
        </button>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => setShowLog((v) => !v)}
          aria-expanded={showLog}
          aria-label={`${showLog ? 'Hide' : 'Show'} the delivery log of ${hook.url}`}
        >
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-error btn-outline"
          onClick={() => setAsking(true)}
          disabled={remove.isPending}
          aria-label={`Delete ${hook.url}`}
        >
          Delete
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title={`Delete the endpoint ${hook.url}?`}
        confirmLabel="Yes, delete it"
        dismissLabel="Keep it"
        danger
        onClose={() => setAsking(false)}
        onConfirm={() => remove.mutateAsync(hook._id).then(() => notify.success('Endpoint deleted'))}
      >
        <p>Its waiting events and its delivery log go with it, and nothing more is sent to this address.</p>
      </ConfirmDialog>
      {showLog ? (
        <div className="mt-3">
          <WebhookDeliveries id={hook._id} url={hook.url} />
        </div>
      ) : null}
    </li>
  );
}
