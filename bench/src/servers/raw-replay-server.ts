// The "raw node" reference: a bare node:http server that answers every request with bytes captured once from the
// product (status, headers and body). Whatever the product spends beyond this is its own routing, validation,
// database and serialisation cost.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { captureSchema } from '../capture.js';

// Headers node:http manages itself on a live connection.
const MANAGED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

const captureFile = process.argv[2];
if (!captureFile) throw new Error('usage: raw-replay-server.ts <capture.json>');
const capture = captureSchema.parse(JSON.parse(readFileSync(captureFile, 'utf8')));
const bytes = Buffer.from(capture.bodyBase64, 'base64');
// As a latin1 string the body goes out in one write together with the header block (Node joins them); a Buffer
// would take a second, corked write. The bytes on the wire are the same.
const body = bytes.toString('latin1');
const headers = Object.entries(capture.headers).filter(([k]) => !MANAGED.has(k.toLowerCase()));
headers.push(['content-length', String(bytes.length)]);

const answer = (res: http.ServerResponse) => {
  res.writeHead(capture.status, headers);
  res.end(body, 'latin1');
};

const server = http.createServer((req, res) => {
  if (req.url === '/__health') {
    res.end('ok');
    return;
  }
  // A request with a body (POST) is read to its end first, as any real handler must; a GET is answered at once.
  if (req.headers['content-length'] || req.headers['transfer-encoding']) {
    req.resume();
    req.on('end', () => answer(res));
  } else {
    answer(res);
  }
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
