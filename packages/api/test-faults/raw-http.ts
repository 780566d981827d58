// HTTP/1.1 written by hand over a TCP socket, so a test controls exactly when each byte leaves: a body dribbled
// out over a second, headers sent one byte at a time, or a request that never ends.
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** The status code, or 0 when the server closed the connection without answering. */
  status: number;
  body: string;
  /** Milliseconds from the first byte sent to the connection's close. */
  closedAfterMs: number;
  /** Milliseconds from the first byte of the answer to the connection's close (how long it was kept idle). */
  idleBeforeCloseMs: number;
}

export interface RawRequest {
  /** Resolves once the TCP connection is open and the first part is handed to the kernel. */
  sent: Promise<void>;
  answer: Promise<RawAnswer>;
  socket: Socket;
}

/** Sends `parts` one after another, `gapMs` apart (a part may be a single byte); never ends the socket itself. */
export function rawRequest(port: number, parts: string[], gapMs: number): RawRequest {
  const socket = connect(port, '127.0.0.1');
  const started = Date.now();
  let received = '';
  let answeredAt = 0;
  socket.on('data', (d: Buffer) => {
    answeredAt ||= Date.now();
    received += d.toString('latin1');
  });
  const sent = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => {
      void (async () => {
        for (const [i, part] of parts.entries()) {
          if (socket.destroyed) return;
          if (i > 0) await new Promise((r) => setTimeout(r, gapMs));
          await new Promise<void>((done) => socket.write(part, () => done()));
          if (i === 0) resolve();
        }
      })();
    });
  });
  const answer = new Promise<RawAnswer>((resolve) => {
    socket.on('error', () => undefined);
    socket.once('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      const now = Date.now();
      const body = received.split('\r\n\r\n').slice(1).join('\r\n\r\n');
      resolve({ status, body, closedAfterMs: now - started, idleBeforeCloseMs: answeredAt ? now - answeredAt : 0 });
    });
  });
  return { sent, answer, socket };
}

/** The head of a JSON request that asks the server to close the connection after answering. */
export function jsonHead(method: string, path: string, body: string, token?: string): string {
  const auth = token ? `Authorization: Bearer ${token}\r\n` : '';
  return (
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n` +
    `${auth}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`
  );
}

/** A JSON body split into `n` nearly equal parts. */
export function split(body: string, n: number): string[] {
  const size = Math.ceil(body.length / n);
  return Array.from({ length: n }, (_, i) => body.slice(i * size, (i + 1) * size)).filter((p) => p !== '');
}
