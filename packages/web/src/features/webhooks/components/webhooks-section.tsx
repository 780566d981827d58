import type { WebhookCreated } from '@kestrel/shared';
import { useState } from 'react';
import { ListState } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useWebhooks } from '../api/get-webhooks';
import { AddWebhookForm } from './add-webhook-form';
import { SecretNotice } from './secret-notice';
import { WebhookItem } from './webhook-item';

/**
 * The webhooks part of the admin's Integrations (B2B §9), self-contained so any page can hold it: add an endpoint and
 * see its secret once, ping, enable or disable, read each endpoint's delivery log.
 */
export function WebhooksSection() {
  const { data, isPending, isError, error } = useWebhooks();
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  return (
    <section aria-labelledby="webhooks-title" className="flex flex-col gap-4">
      <div>
        <h2 id="webhooks-title" className="text-xl font-semibold">
          Webhooks
        </h2>
        <p className="mt-1">
          The shop tells your systems of every order and catalogue change as it happens: a signed POST (Standard
          Webhooks) to each endpoint, retried for about a day when it fails.
        </p>
      </div>
      {created ? <SecretNotice created={created} onDone={() => setCreated(null)} /> : null}
      <AddWebhookForm onCreated={setCreated} />
      {isPending ? <PageSpinner label="Loading the webhooks" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data && data.length === 0 ? <ListState>No endpoints yet.</ListState> : null}
      {data && data.length > 0 ? (
        <ul aria-label="Webhook endpoints" className="flex flex-col gap-3">
          {data.map((hook) => (
            <WebhookItem key={hook._id} hook={hook} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
