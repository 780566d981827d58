// What the outbox stores of a message and how delivery reads it back (docs/reliability.md, #24). The token of a
// link mail is stored sealed (infra/sealed.ts) and opened only to render the mail being sent, so whoever reads
// `mail_outbox` (a report, a backup, a replica, a server with the mail server down) finds nothing that resets a
// password or confirms an address. Every text read back is made one line: a name or a reason sent with line breaks
// can never start a line or a paragraph of its own in a message.
import { oneLine } from '@kestrel/shared';
import type { Sealer } from '../../infra/sealed.js';
import type { MailContent } from './templates/index.js';

/** The content as the outbox keeps it: a link's token sealed. */
export function storedContent(content: MailContent, sealer: Sealer): string {
  switch (content.kind) {
    case 'password-reset':
      return JSON.stringify({ ...content, data: { ...content.data, token: sealer.seal(content.data.token) } });
    case 'email-verification':
      return JSON.stringify({ ...content, data: { ...content.data, token: sealer.seal(content.data.token) } });
    case 'company-invite':
      return JSON.stringify({ ...content, data: { ...content.data, token: sealer.seal(content.data.token) } });
    default:
      return JSON.stringify(content);
  }
}

/**
 * A stored content as delivery renders it: every text one line, a link's token opened (a token stored unsealed, by a
 * version before sealing, throws: that row fails rather than mail a link anyone could have read).
 */
export function contentToSend(stored: string, sealer: Sealer): MailContent {
  // Only the outbox writes `content`, always from a MailContent (storedContent), so it is not validated again.
  const content = JSON.parse(stored, (_key, value: unknown) =>
    typeof value === 'string' ? oneLine(value) : value,
  ) as MailContent;
  switch (content.kind) {
    case 'password-reset':
      return { ...content, data: { ...content.data, token: sealer.open(content.data.token) } };
    case 'email-verification':
      return { ...content, data: { ...content.data, token: sealer.open(content.data.token) } };
    case 'company-invite':
      return { ...content, data: { ...content.data, token: sealer.open(content.data.token) } };
    default:
      return content;
  }
}
