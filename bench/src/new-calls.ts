// Throughput of the calls the B2B round added (issue #18): a catalogue search and a signed-in customer's cart, on the
// same server and in the same load shape as the other API figures. Informational: B2B.md sets no rate for them, and
// the catalogue's latency budgets are in catalog-bench.ts; these lines show what they cost next to the lists.
import { read, readAnswer } from './api-client.js';
import type { LoadShape } from './budgets.js';
import type { Figure } from './figures.js';
import { bestOf, describeLoad, runLoad, type LoadResult } from './load.js';
import type { MultiLineScene } from './order-lines.js';
import type { ServerProcess } from './processes.js';

/** A one-word search that matches several of the demo catalogue's parts (SEED_DEMO=1), with its facets. */
export const CATALOG_SEARCH = '/api/catalog?q=processor';
const CART_LINES = 3;

async function expectCount(origin: string, token: string | undefined, path: string, what: string, least: number) {
  const res = await fetch(origin + path, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const answer = await readAnswer(res, what);
  const items = read(answer, path.startsWith('/api/cart') ? 'lines' : 'items');
  if (res.status !== 200 || !Array.isArray(items) || items.length < least) {
    throw new Error(`${what} answered ${res.status} with ${Array.isArray(items) ? items.length : 'no'} lines`);
  }
}

/** Gives every customer a cart of the scene's first products, each at the quantity the scene orders. */
async function fillCarts(origin: string, tokens: string[], scene: MultiLineScene): Promise<void> {
  const lines = scene.products.slice(0, CART_LINES).map((p) => ({ productId: p.id, quantity: p.quantity }));
  for (const token of tokens) {
    const res = await fetch(`${origin}/api/cart`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ lines }),
    });
    await readAnswer(res, 'PUT /api/cart');
    if (res.status !== 200) throw new Error(`PUT /api/cart answered ${res.status}`);
  }
}

export async function newCallsBench(
  server: ServerProcess,
  shape: LoadShape,
  section: string,
  tokens: string[],
  scene: MultiLineScene,
): Promise<{ figures: Figure[]; results: LoadResult[] }> {
  await expectCount(server.origin, undefined, CATALOG_SEARCH, `GET ${CATALOG_SEARCH}`, 2);
  await fillCarts(server.origin, tokens, scene);
  await expectCount(server.origin, tokens[0], '/api/cart', 'GET /api/cart', CART_LINES);
  const load = (path: string, headerSets?: Array<Record<string, string>>) =>
    bestOf(shape.rounds, shape.warmupSeconds, (warmupSeconds) =>
      runLoad({
        origin: server.origin,
        path,
        ...(headerSets ? { headerSets } : {}),
        ...shape,
        warmupSeconds,
        pid: server.pid,
      }),
    );
  const catalog = await load(CATALOG_SEARCH);
  const cart = await load(
    '/api/cart',
    tokens.map((token) => ({ authorization: `Bearer ${token}` })),
  );
  const figures: Figure[] = [
    { section, name: `GET ${CATALOG_SEARCH} req/s`, value: catalog.rps, unit: 'req/s', note: describeLoad(catalog) },
    {
      section,
      name: `GET /api/cart (${CART_LINES} lines) req/s`,
      value: cart.rps,
      unit: 'req/s',
      note: `${describeLoad(cart)}; ${tokens.length} customers`,
    },
  ];
  return { figures, results: [catalog, cart] };
}
