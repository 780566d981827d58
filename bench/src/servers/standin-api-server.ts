// A stand-in for the product's API, used to build and check the harness before the real backend lands
// (`npm run bench -- --target=standin`). It answers the calls the bench makes, with the product's shapes, from
// memory. Nobody should read its figures as the product's.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { bearerOf, signToken, verifyToken } from '../hs256.js';

interface Product {
  _id: string;
  name: string;
  price: number;
  img: string;
  quantity: number;
  availableQuantity: number;
  description: string;
}
const secret = randomBytes(32).toString('hex');
const users = new Map<string, { id: string; name: string; role: 'admin' | 'customer' }>();
const products: Product[] = [];
const reviews = [{ _id: newId(), name: 'Ada', rating: 5, description: 'Fast delivery of 2000 fans.' }];
let orders = 0;

function newId(): string {
  return Date.now().toString(16).padStart(12, '0') + randomBytes(6).toString('hex');
}

for (let i = 0; i < 8; i += 1) {
  products.push({
    _id: newId(),
    name: `Part ${i}`,
    price: 10 + i,
    img: '/p.png',
    quantity: 1000,
    availableQuantity: 10000,
    description: 'A part.',
  });
}
if (process.env.ADMIN_EMAIL) users.set(process.env.ADMIN_EMAIL, { id: newId(), name: 'Admin', role: 'admin' });

function send(res: http.ServerResponse, status: number, payload: unknown): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function auth(email: string) {
  const user = users.get(email);
  if (!user) return null;
  const token = signToken({ sub: email, exp: Date.now() / 1000 + 3600 }, secret);
  return { token, user: { _id: user.id, email, name: user.name, role: user.role } };
}

function route(req: http.IncomingMessage, url: URL, body: Record<string, unknown>, res: http.ServerResponse): void {
  const key = `${req.method} ${url.pathname}`;
  const caller = verifyToken(bearerOf(req.headers.authorization), secret);
  if (key === 'GET /api/health') return send(res, 200, { status: 'ok', database: 'memory' });
  if (key === 'GET /api/review') return send(res, 200, reviews);
  if (key === 'GET /api/service') {
    const limit = Number(url.searchParams.get('limit') ?? products.length);
    const list = url.searchParams.get('sort') === 'newest' ? [...products].reverse() : products;
    return send(res, 200, list.slice(0, limit));
  }
  const one = /^GET \/api\/service\/([0-9a-f]{24})$/.exec(key);
  if (one) {
    const product = products.find((p) => p._id === one[1]);
    return product ? send(res, 200, product) : send(res, 404, { error: { code: 'not_found', message: 'Not found' } });
  }
  if (key === 'POST /api/auth/signup' && typeof body.email === 'string' && typeof body.name === 'string') {
    users.set(body.email, { id: newId(), name: body.name, role: 'customer' });
    return send(res, 201, auth(body.email));
  }
  if (key === 'POST /api/auth/login' && typeof body.email === 'string') {
    const answer = auth(body.email);
    return answer ? send(res, 200, answer) : send(res, 401, { error: { code: 'unauthorized', message: 'no' } });
  }
  if (!caller) return send(res, 401, { error: { code: 'unauthorized', message: 'sign in' } });
  if (key === 'POST /api/service' && users.get(caller)?.role === 'admin') {
    const product: Product = {
      _id: newId(),
      name: String(body.name),
      price: Number(body.price),
      img: String(body.img),
      quantity: Number(body.quantity),
      availableQuantity: Number(body.availableQuantity),
      description: String(body.description),
    };
    products.push(product);
    return send(res, 201, { insertedId: product._id });
  }
  if (key === 'POST /api/order') {
    const product = products.find((p) => p._id === body.productId);
    const q = Number(body.inputQuantity);
    if (!product || q < product.quantity || q > product.availableQuantity) {
      return send(res, 400, { error: { code: 'validation_error', message: 'out of range' } });
    }
    product.availableQuantity -= q;
    orders += 1;
    return send(res, 201, { insertedId: newId(), orders });
  }
  send(res, 404, { error: { code: 'not_found', message: 'Not found' } });
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      if (typeof parsed === 'object' && parsed !== null) body = Object.fromEntries(Object.entries(parsed));
    } catch {
      return send(res, 400, { error: { code: 'validation_error', message: 'bad JSON' } });
    }
    route(req, new URL(req.url ?? '/', 'http://localhost'), body, res);
  });
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
