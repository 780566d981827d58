// SMTP through nodemailer: one connection per message (shop mail is a trickle, and a fresh connection never meets a
// server that restarted), with time-outs well inside the delivery lease (service.ts), so a message is never still
// being sent when its lease runs out and another run could take it.
import { nodemailerFields, type MailTransport, type OutboundMessage } from './transport.js';

export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export async function smtpTransport(url: string): Promise<MailTransport> {
  const nodemailer = await import('nodemailer');
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    async send(message: OutboundMessage) {
      await transporter.sendMail(nodemailerFields(message));
    },
    close() {
      transporter.close();
    },
  };
}
