import type { WebhookCreated } from '@kestrel/shared';
import { OneTimeSecret } from '../../../components/ui/one-time-secret';

/** The new endpoint's signing secret, shown this once: copy it into the receiver, then dismiss it. */
export function SecretNotice({ created, onDone }: { created: WebhookCreated; onDone: () => void }) {
  return (
    <OneTimeSecret
      title="Endpoint added: copy its signing secret now"
      level={3}
      explanation="It is shown only this once. The receiver verifies each delivery with it (Standard Webhooks)."
      secret={created.secret}
      label={`Signing secret of ${created.url}`}
      onDone={onDone}
    />
  );
}
