// SPEC's full order list at a year of orders (issue 47): on SQLite and PostgreSQL the server migrates its database and
// the database generates the order desk's 100,000 orders (order-desk-data.ts). GET /api/order is read whole by the
// bench, which keeps nothing of the body but its size and its orders' count, while the server's RSS is sampled from
// /proc every 10 ms; the figures are the median time of a few reads and the largest RSS growth over the server's RSS
// just before the first. Built whole, 90,684 orders took 5.9 s and lifted the server to 861 MiB.
import http from 'node:http';
import { budgets } from './budgets.js';
import { atMost, type Figure } from './figures.js';
import { medianOf } from './latency.js';
import { ORDER_COUNT } from './order-desk-data.js';
import { orderYearBench, type OrderYear } from './order-year.js';
import { rssMiBOf } from './processes.js';
import { type TargetKind } from './target.js';

const SAMPLES = 3;
const PATH = '/api/order';
const OPENING = Buffer.from('{"_id":"');

/** One read of the list: its time, bytes and orders (each order's opening counted as the bytes pass). */
function readList(url: string, token: string): Promise<{ ms: number; bytes: number; orders: number }> {
  const began = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`GET ${PATH}: ${res.statusCode}`));
        let bytes = 0;
        let orders = 0;
        let tail = Buffer.alloc(0);
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          const joined = Buffer.concat([tail, chunk]);
          for (let at = joined.indexOf(OPENING); at >= 0; at = joined.indexOf(OPENING, at + 1)) {
            if (at + OPENING.length > tail.length) orders += 1;
          }
          tail = Buffer.from(joined.subarray(-OPENING.length + 1));
        });
        res.on('end', () => resolve({ ms: performance.now() - began, bytes, orders }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Reads the list SAMPLES times while sampling the server's RSS every 10 ms. */
async function measure({ server, section, admin }: OrderYear): Promise<Figure[]> {
  const before = await server.rssMiB();
  let peak = before;
  const sampler = setInterval(() => {
    rssMiBOf(server.pid).then(
      (rss) => (peak = Math.max(peak, rss)),
      () => undefined,
    );
  }, 10);
  const times: number[] = [];
  let mib = 0;
  try {
    for (let round = 0; round < SAMPLES; round += 1) {
      const read = await readList(server.origin + PATH, admin);
      if (read.orders !== ORDER_COUNT) throw new Error(`GET ${PATH}: ${read.orders} orders, ${ORDER_COUNT} expected`);
      times.push(read.ms);
      mib = read.bytes / 1024 / 1024;
    }
  } finally {
    clearInterval(sampler);
  }
  const count = ORDER_COUNT.toLocaleString('en-US');
  return [
    {
      section,
      name: `full order list, ${count} orders`,
      value: medianOf(times),
      unit: 'ms',
      budget: atMost(budgets.orderListMs),
      note: `GET ${PATH} as the admin, ${mib.toFixed(1)} MiB: median of ${SAMPLES} (${times.map((t) => Math.round(t)).join(', ')} ms)`,
    },
    {
      section,
      name: `full order list, ${count} orders: server RSS growth`,
      value: peak - before,
      unit: 'MiB',
      budget: atMost(budgets.orderListRssGrowthMiB),
      note: `RSS ${before.toFixed(0)} MiB before the first read, peak ${peak.toFixed(0)} MiB over ${SAMPLES} reads`,
    },
  ];
}

export function orderListBench(kind: TargetKind): Promise<Figure[]> {
  return orderYearBench(kind, {
    title: 'order list',
    label: 'list',
    scratch: 'order-list',
    postgresName: 'order_list',
    measure,
  });
}
