// The scene of the multi-line order bench (issue #15): a few products with pack sizes, minimums and a price break,
// and the order bodies that rotate over them. Every order picks `lines` of the products, in a shuffled order and its
// reverse, so simultaneous orders share rows and ask for them in opposite orders (what the PostgreSQL write locks
// in id order for, and what the SQLite transaction serialises).
import { createProduct, read, readAnswer } from './api-client.js';

/** One bench product and the quantity every order line of it asks for. */
export interface LineProduct {
  id: string;
  /** Units a line of this product orders: a whole number of packs, at least the minimum. */
  quantity: number;
  /** The unit price in cents that line must be charged (a price break when the quantity reaches one). */
  unitPriceCents: number;
}

export interface MultiLineScene {
  products: LineProduct[];
  /** Ready JSON bodies of `POST /api/orders`, used in turn. */
  bodies: string[];
  linesPerOrder: number;
}

/** Pack size, minimum (in units) and, for some, a price break the line's quantity reaches. */
const TERMS: ReadonlyArray<{ pack: number; min: number; lineQuantity: number; breakAt?: number }> = [
  { pack: 1, min: 1, lineQuantity: 1 },
  { pack: 2, min: 2, lineQuantity: 4 },
  { pack: 5, min: 5, lineQuantity: 10, breakAt: 10 },
  { pack: 10, min: 10, lineQuantity: 20 },
  { pack: 1, min: 3, lineQuantity: 3 },
  { pack: 4, min: 4, lineQuantity: 8, breakAt: 8 },
  { pack: 25, min: 25, lineQuantity: 25 },
  { pack: 1, min: 1, lineQuantity: 2 },
];

/** Base price 19.99 + 1.00 per product; a break charges 1.50 less. */
const basePriceCents = (i: number) => 1999 + 100 * i;
const BREAK_DISCOUNT_CENTS = 150;

/** Stock no bench run can exhaust: MAX_QUANTITY, the most the product accepts. */
const STOCK = 10_000_000;

/** Adds `count` products (at most TERMS.length) through the admin API. */
async function addLineProducts(origin: string, adminToken: string, count: number): Promise<LineProduct[]> {
  const products: LineProduct[] = [];
  for (const [i, t] of TERMS.slice(0, count).entries()) {
    const price = basePriceCents(i);
    const id = await createProduct(origin, adminToken, {
      name: `Bench Line Part ${i + 1}`,
      price: price / 100,
      description: `A product created by the bench for multi-line orders: packs of ${t.pack}, minimum ${t.min}.`,
      img: '/bench-part.png',
      quantity: t.min,
      availableQuantity: STOCK,
      packSize: t.pack,
      ...(t.breakAt === undefined
        ? {}
        : { priceBreaks: [{ minQuantity: t.breakAt, price: (price - BREAK_DISCOUNT_CENTS) / 100 }] }),
    });
    const hitsBreak = t.breakAt !== undefined && t.lineQuantity >= t.breakAt;
    products.push({ id, quantity: t.lineQuantity, unitPriceCents: price - (hitsBreak ? BREAK_DISCOUNT_CENTS : 0) });
  }
  return products;
}

/** Every way of choosing k of n indices, in ascending order. */
function combinations(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  if (n < k) return [];
  return [...combinations(n - 1, k - 1).map((c) => [...c, n - 1]), ...combinations(n - 1, k)];
}

/** A small deterministic generator (mulberry32), so every run sends the same bodies in the same order. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const [a, b] = [out[i], out[j]];
    if (a !== undefined && b !== undefined) [out[i], out[j]] = [b, a];
  }
  return out;
}

/**
 * The line sets of the orders: every choice of `lines` of the products, each once in a shuffled order and once in
 * the reverse of it, interleaved so consecutive requests (which run at the same time) ask in opposite orders.
 */
export function orderLineSets(productCount: number, lines: number): number[][] {
  const random = seeded(15);
  const sets = shuffled(combinations(productCount, lines), random).map((c) => shuffled(c, random));
  return sets.flatMap((set) => [set, [...set].reverse()]);
}

export const ORDER_DETAILS = { phone: '+1 555 0100', address: '1 Bench Street, Testville' } as const;

export async function multiLineScene(
  origin: string,
  adminToken: string,
  productCount: number,
  linesPerOrder: number,
): Promise<MultiLineScene> {
  if (productCount > TERMS.length || linesPerOrder > productCount) {
    throw new Error(`the multi-line scene has ${TERMS.length} product shapes, asked for ${productCount}`);
  }
  const products = await addLineProducts(origin, adminToken, productCount);
  const bodies = orderLineSets(productCount, linesPerOrder).map((set) =>
    JSON.stringify({
      lines: set.map((i) => ({ productId: products[i]?.id, quantity: products[i]?.quantity })),
      ...ORDER_DETAILS,
    }),
  );
  return { products, bodies, linesPerOrder };
}

/**
 * Places one order of the first body and checks the answer: 201, every line with the quantity and unit price this
 * scene expects (pack sizes, minimums and price breaks as the product applies them). A mismatch is an error, so a
 * load run never measures refusals.
 */
export async function checkOneOrder(origin: string, token: string, scene: MultiLineScene): Promise<void> {
  const body = scene.bodies[0];
  if (!body) throw new Error('no order bodies');
  const res = await fetch(`${origin}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
  const answer = await readAnswer(res, 'POST /api/orders');
  const lines = read(read(answer, 'order'), 'lines');
  if (res.status !== 201 || !Array.isArray(lines) || lines.length !== scene.linesPerOrder) {
    throw new Error(`POST /api/orders answered ${res.status}: ${JSON.stringify(answer).slice(0, 200)}`);
  }
  const byId = new Map(scene.products.map((p) => [p.id, p]));
  for (const line of lines) {
    const productId = read(line, 'productId');
    const expected = typeof productId === 'string' ? byId.get(productId) : undefined;
    if (
      !expected ||
      read(line, 'quantity') !== expected.quantity ||
      read(line, 'unitPrice') !== expected.unitPriceCents / 100
    ) {
      throw new Error(`unexpected order line ${JSON.stringify(line)}`);
    }
  }
}
