// Where a message goes: an SMTP server (SMTP_URL) or a folder of .eml files (MAIL_DIR). Each transport is loaded only
// when chosen (and nodemailer with it, at the first delivery).
import type { MailConfig } from '../../../infra/config.js';
import type { MailTransport } from './transport.js';

export async function createTransport(config: MailConfig): Promise<MailTransport> {
  if (config.smtpUrl) return (await import('./smtp-transport.js')).smtpTransport(config.smtpUrl);
  return (await import('./eml-file-transport.js')).emlFileTransport(config.dir);
}
