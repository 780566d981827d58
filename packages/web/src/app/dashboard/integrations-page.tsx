// The administrator's Integrations page (B2B §9): how the manufacturer's systems reach the shop. The app composes it
// from the features that own each part; no feature imports another.
import { PageTitle } from '../../components/ui/page-title';
import { ApiKeysSection } from '../../features/api-keys/components/api-keys-section';
import { WebhooksSection } from '../../features/webhooks/components/webhooks-section';

export function IntegrationsPage() {
  return (
    <div className="flex flex-col gap-10">
      <PageTitle lead="Connect your ERP, warehouse and accounting systems: keys they call the shop with, and the events the shop sends them.">
        Integrations
      </PageTitle>
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
