// What a transport is and the message it sends, shared by both transports (create-transport.ts picks one). Both build
// the message with nodemailer, loaded at the first delivery so that start-up never pays for it.

/** One message as it leaves: what the outbox row holds, plus the sender. */
export interface OutboundMessage {
  /** The outbox row's id (also the .eml file's name). */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same on every attempt: a resend after a crash is the same message to the receiving side. */
  messageId: string;
  /** When it was queued, so every attempt carries the same Date header. */
  date: Date;
}

export interface MailTransport {
  /** Resolves once the message is accepted (by the SMTP server, or renamed into place as a file). */
  send(message: OutboundMessage): Promise<void>;
  close(): void;
}

/** The nodemailer message fields of an outbound message; no file or URL access, whatever the content says. */
export function nodemailerFields(message: OutboundMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    date: message.date,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
