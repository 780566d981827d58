import { PageTitle } from '../../../components/ui/page-title';
import { WebhooksSection } from './webhooks-section';

/** A page of its own for the webhooks until the Integrations page holds the section. */
export function WebhooksPage() {
  return (
    <>
      <PageTitle>Webhooks</PageTitle>
      <WebhooksSection />
    </>
  );
}
