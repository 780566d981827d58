// The order path's floor: what POST /api/order costs with nothing but node:http, one HMAC token check, a JSON
// parse and one SQLite WAL transaction (conditional stock UPDATE + INSERT). The product's order throughput is
// reported as a ratio to this; it cannot beat it without skipping work.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { bearerOf, verifyToken } from '../hs256.js';

const secret = process.env.FLOOR_SECRET ?? '';
const file = process.env.FLOOR_DB ?? '';
if (!secret || !file) throw new Error('FLOOR_SECRET and FLOOR_DB are required');

const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${process.env.FLOOR_SYNCHRONOUS ?? 'NORMAL'}`);
db.exec(`
  CREATE TABLE IF NOT EXISTS products (id TEXT PRIMARY KEY, name TEXT NOT NULL, price_cents INTEGER NOT NULL,
    min_quantity INTEGER NOT NULL, available_quantity INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS orders (id TEXT PRIMARY KEY, product_id TEXT NOT NULL, user_id TEXT NOT NULL,
    item_name TEXT NOT NULL, quantity INTEGER NOT NULL, price_cents INTEGER NOT NULL, phone TEXT NOT NULL,
    address TEXT NOT NULL, created_at TEXT NOT NULL);
`);
// The one product every bench order asks for, with the same huge stock and minimum 1 the product run gets.
db.prepare('INSERT OR IGNORE INTO products VALUES (?, ?, ?, ?, ?)').run(
  process.env.FLOOR_PRODUCT_ID ?? '000000000000000000000001',
  'Bench part',
  1999,
  1,
  10_000_000,
);
const reserve = db.prepare(
  `UPDATE products SET available_quantity = available_quantity - @q
   WHERE id = @id AND min_quantity <= @q AND available_quantity >= @q RETURNING name, price_cents`,
);
const insert = db.prepare(
  `INSERT INTO orders VALUES (@id, @productId, @userId, @itemName, @q, @priceCents, @phone, @address, @createdAt)`,
);
interface Reserved {
  name: string;
  price_cents: number;
}
const isReserved = (row: unknown): row is Reserved => typeof row === 'object' && row !== null && 'price_cents' in row;

const placeOrder = db.transaction((userId: string, productId: string, q: number, phone: string, address: string) => {
  const row: unknown = reserve.get({ id: productId, q });
  if (!isReserved(row)) return null;
  const id = randomBytes(12).toString('hex');
  const createdAt = new Date().toISOString();
  insert.run({
    id,
    productId,
    userId,
    itemName: row.name,
    q,
    priceCents: row.price_cents * q,
    phone,
    address,
    createdAt,
  });
  return id;
});

function send(res: http.ServerResponse, status: number, payload: unknown): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

const server = http.createServer((req, res) => {
  if (req.url === '/__health') return send(res, 200, { status: 'ok' });
  const userId = verifyToken(bearerOf(req.headers.authorization), secret);
  if (!userId) return send(res, 401, { error: { code: 'unauthorized', message: 'sign in' } });
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    try {
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (typeof body !== 'object' || body === null) throw new Error('not an object');
      const { productId, inputQuantity, phone, address } = {
        productId: '',
        inputQuantity: 0,
        phone: '',
        address: '',
        ...body,
      };
      if (
        typeof productId !== 'string' ||
        !Number.isInteger(inputQuantity) ||
        typeof phone !== 'string' ||
        typeof address !== 'string'
      ) {
        throw new Error('bad fields');
      }
      const id = placeOrder(userId, productId, Number(inputQuantity), phone, address);
      if (id === null) return send(res, 400, { error: { code: 'out_of_range', message: 'quantity out of range' } });
      send(res, 201, { insertedId: id });
    } catch {
      send(res, 400, { error: { code: 'validation_error', message: 'bad body' } });
    }
  });
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => {
    db.close();
    process.exit(0);
  });
});
