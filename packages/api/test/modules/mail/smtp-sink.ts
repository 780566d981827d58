// A real SMTP server for the mail tests (the `smtp-server` package): it accepts every message on a fixed loopback
// port and keeps what arrived; it can be stopped and started again on the same port, like a mail server that goes
// down and comes back.
import { SMTPServer } from 'smtp-server';
import { parseMessage, type ParsedMessage } from './mime.js';

export interface Received extends ParsedMessage {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: Received[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `delayMs`: how long the server takes to accept each message (a slow server keeps a delivery run busy); `refuse`:
 * recipients it answers 550.
 */
export function smtpSink(port: number, { delayMs = 0, refuse = [] as string[] } = {}): SmtpSink {
  const received: Received[] = [];
  let server: SMTPServer | undefined;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    start() {
      // No STARTTLS (no certificate to trust on loopback) and no AUTH: a plain relay that takes every message.
      const started = new SMTPServer({
        disabledCommands: ['STARTTLS', 'AUTH'],
        authOptional: true,
        logger: false,
        onRcptTo(address, _session, callback) {
          if (refuse.includes(address.address)) callback(new Error('no such mailbox here'));
          else callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            const { mailFrom, rcptTo } = session.envelope;
            received.push({
              ...parseMessage(raw),
              envelopeFrom: mailFrom ? mailFrom.address : '',
              envelopeTo: rcptTo.map((r) => r.address),
              raw,
            });
            setTimeout(callback, delayMs);
          });
        },
      });
      server = started;
      return new Promise((resolve, reject) => {
        started.once('error', reject);
        started.listen(port, '127.0.0.1', () => resolve());
      });
    },
    stop() {
      const running = server;
      server = undefined;
      return new Promise((resolve) => (running ? running.close(() => resolve()) : resolve()));
    },
  };
}
