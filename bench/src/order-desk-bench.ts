// Does the order desk stay fast at a year of orders (B2B §11)? On SQLite and PostgreSQL: the server migrates its
// database, signs up a buyer and another customer, and the database generates 100,000 orders (order-desk-data.ts).
// Three calls are then timed round-robin on one kept-alive connection: the admin's Manage All Orders first page
// (newest first, with the total of all 100,000), the admin's search for one PO number, and the buyer's My Order first
// page (10,000 of their own, with the total). Every answer is checked before timing.
import http from 'node:http';
import { budgets } from './budgets.js';
import { atMost, type Figure } from './figures.js';
import { quantileOf, timedGet, timedGetBody } from './latency.js';
import { ORDER_COUNT } from './order-desk-data.js';
import { orderYearBench, type OrderYear } from './order-year.js';
import { type TargetKind } from './target.js';

const SAMPLES = 200;
const WARMUP_ROUNDS = 20;
const PO = 'PO-54321';

interface Call {
  label: string;
  path: string;
  who: 'admin' | 'buyer';
  total: number;
}

const CALLS: readonly Call[] = [
  { label: 'admin, all orders, page 1', path: '/api/orders/search', who: 'admin', total: ORDER_COUNT },
  { label: 'admin, search by PO number', path: `/api/orders/search?q=${PO.toLowerCase()}`, who: 'admin', total: 1 },
  { label: "buyer's own orders, page 1", path: '/api/orders/search', who: 'buyer', total: ORDER_COUNT / 10 },
];

function totalOf(body: string): number {
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed === 'object' && parsed !== null && 'total' in parsed && typeof parsed.total === 'number') {
    return parsed.total;
  }
  throw new Error(`not a search page: ${body.slice(0, 120)}`);
}

async function measure({ server, section, admin, buyer, fillMs }: OrderYear): Promise<Figure[]> {
  console.log(`[bench] ${section}: ${ORDER_COUNT} orders in ${(fillMs / 1000).toFixed(1)} s`);
  const tokens = { admin, buyer };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const call of CALLS) {
      const total = totalOf(
        (await timedGetBody(server.origin + call.path, agent, { authorization: `Bearer ${tokens[call.who]}` })).body,
      );
      if (total !== call.total) throw new Error(`${call.label}: total ${total}, expected ${call.total}`);
    }
    const times = CALLS.map((): number[] => []);
    for (let round = -WARMUP_ROUNDS; round < SAMPLES; round += 1) {
      for (const [c, call] of CALLS.entries()) {
        const { ms } = await timedGet(server.origin + call.path, agent, {
          authorization: `Bearer ${tokens[call.who]}`,
        });
        if (round >= 0) times[c]?.push(ms);
      }
    }
    return CALLS.map((call, c) => {
      const samples = times[c] ?? [];
      return {
        section,
        name: `${call.label}, ${ORDER_COUNT.toLocaleString('en-US')} orders`,
        value: quantileOf(samples, 0.5),
        unit: 'ms',
        budget: atMost(budgets.orderDeskMedianMs),
        note: `GET ${call.path} (${call.who}): total ${call.total}; median of ${SAMPLES}, p90 ${quantileOf(samples, 0.9).toFixed(2)}, p99 ${quantileOf(samples, 0.99).toFixed(2)} ms`,
      };
    });
  } finally {
    agent.destroy();
  }
}

export function orderDeskBench(kind: TargetKind): Promise<Figure[]> {
  return orderYearBench(kind, {
    title: 'order desk',
    label: 'desk',
    scratch: 'order-desk',
    postgresName: 'orderdesk',
    measure,
  });
}
