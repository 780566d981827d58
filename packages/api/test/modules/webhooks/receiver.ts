// A webhook receiver on loopback for the tests: records every request (headers and raw body) and answers with the
// status `answer` picks (200 unless told otherwise).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';

const payloadSchema = z.object({ type: z.string(), timestamp: z.string(), data: z.unknown() });

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status of the next answers (a function of the request; 200 by default). */
  answer: (request: Received) => number | { status: number; location: string };
  /** Verifies a request with the Standard Webhooks library and answers its payload. */
  verify(secret: string, request: Received): { type: string; timestamp: string; data: unknown };
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    answer: () => 200,
    verify(secret, request) {
      const payload = new Webhook(secret).verify(request.body, {
        'webhook-id': request.id,
        'webhook-timestamp': request.timestamp,
        'webhook-signature': request.signature,
      });
      return payloadSchema.parse(payload);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const header = (name: string) => String(request.headers[name] ?? '');
      const got: Received = {
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: request.url ?? '',
      };
      receiver.received.push(got);
      const answer = receiver.answer(got);
      if (typeof answer === 'number') response.writeHead(answer).end('ok');
      else response.writeHead(answer.status, { location: answer.location }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the receiver is not listening');
  receiver.url = `http://127.0.0.1:${address.port}/hooks`;
  return receiver;
}
