// "A webhook endpoint was disabled" (B2B §9), to each administrator: every event to it failed for a day.
import { letter, type RenderedMail, type Site } from './layout.js';

export interface WebhookDisabledMail {
  endpointId: string;
  url: string;
  failingSince: string;
  lastError: string | null;
}

export const webhookDisabledSubject = (site: Site) => `${site.name}: a webhook endpoint was disabled`;

export function webhookDisabled(site: Site, m: WebhookDisabledMail): RenderedMail {
  const subject = webhookDisabledSubject(site);
  const rows: Array<[string, string | null]> = [
    ['Endpoint', m.url],
    ['Failing since', m.failingSince],
    ['Last error', m.lastError],
  ];
  const link = `${site.publicUrl}/dashboard/integrations`;
  const said =
    'Every event sent to this webhook endpoint has failed for 24 hours, so the shop stopped sending to it. ' +
    'Its delivery log shows each attempt; enable it again once the receiver answers.';
  const footer = `You receive this because you administer ${site.name}.`;
  return letter(site, {
    subject,
    greeting: 'Hello,',
    said,
    rows,
    link: { href: link, button: 'See the webhooks', lead: 'Webhooks' },
    footer,
    preheader: `Webhook endpoint ${m.url} disabled`,
  });
}
