// Requisition lists (B2B §16, issue #53): a company's shared list of 500 lines, read and added to the cart in one call
// each. On SQLite and PostgreSQL the server gets 500 products (contract prices on half of them, so the read is priced
// for a member), a buyer founds a company and fills a shared list with all 500. Timed on one kept-alive connection,
// after the answers are checked: GET /api/lists/{id} (every line priced, with its problem) and POST .../to-cart of 100
// of its lines (the most a cart holds; the whole list answers 409 cart_full, which is checked once).
import http from 'node:http';
import {
  createCompany,
  createProduct,
  logInAdmin,
  putContractPrices,
  readAnswer,
  signUpCustomers,
} from './api-client.js';
import { budgets } from './budgets.js';
import { atMost, guarded, type Figure } from './figures.js';
import { quantileOf, timedGetBody } from './latency.js';
import { withPostgresDatabase } from './postgres.js';
import { withServer } from './processes.js';
import { productSpec, scratchDir, type TargetKind } from './target.js';

const LINES = 500;
const CART_PART = 100;
const SAMPLES = 30;
const WARMUP = 3;

/** A JSON call that must answer `status`; answers the parsed body. */
async function json(origin: string, method: string, path: string, token: string, body: unknown, status: number) {
  const res = await fetch(origin + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = await readAnswer(res, `${method} ${path}`);
  if (res.status !== status)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
  return answer;
}

/** One POST's time, the whole answer read; anything but a 200 rejects. */
function timedPost(url: string, agent: http.Agent, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const ms = performance.now() - began;
        if (res.statusCode === 200) resolve(ms);
        else reject(new Error(`${url}: ${res.statusCode} ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function sampled(measure: () => Promise<number>): Promise<number[]> {
  const times: number[] = [];
  for (let round = -WARMUP; round < SAMPLES; round += 1) {
    const ms = await measure();
    if (round >= 0) times.push(ms);
  }
  return times;
}

async function benchDatabase(kind: TargetKind, section: string, url: string, dataDir: string): Promise<Figure[]> {
  const spec = productSpec(kind, { databaseUrl: url, dataDir, seedDemo: false });
  return withServer(spec, async (server) => {
    const admin = await logInAdmin(server.origin);
    const [buyer = ''] = await signUpCustomers(server.origin, 1, section.replace(/\W+/g, '-'));
    const ids: string[] = [];
    for (let i = 0; i < LINES; i += 1) {
      ids.push(
        await createProduct(server.origin, admin, {
          name: `List Part ${i}`,
          price: (1_000 + i) / 100,
          description: 'A part on the bench requisition list.',
          img: '/bench-part.png',
          quantity: 1,
          availableQuantity: 10_000_000,
          priceBreaks: [{ minQuantity: 100, price: 9 }],
        }),
      );
    }
    const companyId = await createCompany(server.origin, buyer, 'Bench Lists Co');
    await putContractPrices(
      server.origin,
      admin,
      companyId,
      ids.filter((_, i) => i % 2 === 0).map((productId) => ({ productId, price: 8 })),
    );
    const list = await json(server.origin, 'POST', '/api/lists', buyer, { name: 'Every part', shared: true }, 201);
    const listId = typeof list === 'object' && list !== null && '_id' in list ? String(list._id) : '';
    await json(
      server.origin,
      'PUT',
      `/api/lists/${listId}/lines`,
      buyer,
      { lines: ids.map((productId) => ({ productId, quantity: 10 })) },
      200,
    );
    // The whole list is more than a cart holds: refused whole, once.
    await json(server.origin, 'POST', `/api/lists/${listId}/to-cart`, buyer, {}, 409);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const auth = { authorization: `Bearer ${buyer}` };
    try {
      const read = JSON.parse((await timedGetBody(`${server.origin}/api/lists/${listId}`, agent, auth)).body) as {
        lines: Array<{ unitPrice: number; problem: string | null }>;
      };
      if (read.lines.length !== LINES || read.lines[0]?.unitPrice !== 8 || read.lines.some((l) => l.problem)) {
        throw new Error(`the list read ${read.lines.length} lines, first at ${read.lines[0]?.unitPrice}`);
      }
      const gets = await sampled(
        async () => (await timedGetBody(`${server.origin}/api/lists/${listId}`, agent, auth)).ms,
      );
      const part = JSON.stringify({ productIds: ids.slice(0, CART_PART) });
      const headers = { ...auth, 'content-type': 'application/json' };
      const posts = await sampled(() =>
        timedPost(`${server.origin}/api/lists/${listId}/to-cart`, agent, headers, part),
      );
      return [
        {
          section,
          name: `GET a ${LINES}-line list`,
          value: quantileOf(gets, 0.5),
          unit: 'ms',
          budget: atMost(budgets.requisitionListMs),
          note: `GET /api/lists/{id}, priced for a member: median of ${SAMPLES}, p90 ${quantileOf(gets, 0.9).toFixed(1)} ms`,
        },
        {
          section,
          name: `to-cart ${CART_PART} lines of a ${LINES}-line list`,
          value: quantileOf(posts, 0.5),
          unit: 'ms',
          budget: atMost(budgets.requisitionListMs),
          note: `POST /api/lists/{id}/to-cart answering the priced cart: median of ${SAMPLES}, p90 ${quantileOf(posts, 0.9).toFixed(1)} ms`,
        },
      ];
    } finally {
      agent.destroy();
    }
  });
}

export async function requisitionListBench(kind: TargetKind): Promise<Figure[]> {
  if (kind !== 'product') return [];
  const scratch = await scratchDir('lists');
  try {
    const sqlite = await guarded('requisition lists sqlite', () =>
      benchDatabase(kind, 'requisition lists sqlite', `file:${scratch.dir}/lists.db`, scratch.dir),
    );
    const postgres = await guarded('requisition lists postgres', () =>
      withPostgresDatabase('lists', (url) => benchDatabase(kind, 'requisition lists postgres', url, scratch.dir)),
    );
    return [...sqlite, ...postgres];
  } finally {
    await scratch.dispose();
  }
}
