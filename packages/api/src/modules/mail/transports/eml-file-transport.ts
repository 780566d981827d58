// Without SMTP_URL each message becomes MAIL_DIR/<outbox id>.eml, a complete RFC 5322 message that any mail client
// opens. Written to a temporary name, flushed, then renamed: a reader never sees half a message, and a resend after a
// crash replaces the same file rather than adding a second one.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { nodemailerFields, type MailTransport, type OutboundMessage } from './transport.js';

export async function emlFileTransport(dir: string): Promise<MailTransport> {
  const nodemailer = await import('nodemailer');
  // RFC 5322 lines end in CRLF; buffer: the whole message as one Buffer.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  await mkdir(dir, { recursive: true });
  return {
    async send(message: OutboundMessage) {
      const { message: raw } = await composer.sendMail(nodemailerFields(message));
      if (!Buffer.isBuffer(raw)) throw new Error('the message composer answered a stream, not a buffer');
      const file = join(dir, `${message.id}.eml`);
      const temporary = join(dir, `.${message.id}.${randomBytes(4).toString('hex')}.tmp`);
      const handle = await open(temporary, 'w');
      try {
        await handle.writeFile(raw);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    close() {
      composer.close();
    },
  };
}
