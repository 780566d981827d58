// GET /metrics (B2B §8) in Prometheus' text format, through prom-client: requests and their durations per route
// pattern, orders by status, the job, mail and webhook queues, and the process's own figures. docs/operations.md
// ("Metrics") lists every series.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';
import type { OpenDatabase } from '../db/create-db.js';
import type { AnswerReplay } from '../http/answer-replay.js';
import type { PreRoutingRefusals } from '../http/pre-routing-refusals.js';
import type { JobRunner } from '../jobs/job-runner.js';
import { RequestDurations, type DurationSeries } from './request-durations.js';
import { shopFiguresSource, SHOP_FIGURES_CACHE_MS } from './shop-figures.js';

export interface MetricsOptions {
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>`. */
  token: string | undefined;
  database: OpenDatabase;
  jobs: JobRunner;
  /** How long the shop's figures are cached (tests read them afresh with 0). */
  figuresCacheMs?: number;
  /** Answers replayed below Fastify (http/answer-replay.ts), counted as their route's like any other. */
  replay?: AnswerReplay;
  /** Requests refused before routing (http/pre-routing-refusals.ts), counted under the route label "unparsed". */
  refusals?: PreRoutingRefusals;
}

/** The route label of a request no route matched (404s, and the storefront's client routes): one label, not its URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: from a 1 ms cached read to a 10 s export, the API's answers fall between these. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

interface RequestSeries {
  /** Requests counted here, handed to prom-client's counter at scrape time (its inc costs more than this add). */
  count: number;
  exported: number;
  labels: { method: string; route: string; status: string };
  duration: DurationSeries;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Whether the Authorization header carries the token, compared in constant time (digests, so lengths match too). */
export function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(sha256(given), expected);
}

/**
 * The process's figures (CPU, memory, event-loop delay, GC): one set per process, made by the first app. Each call of
 * collectDefaultMetrics starts its own event-loop monitor and GC observer that nothing stops, and tests build many apps.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  // The app's own series in a registry of its own, not prom-client's global one (tests build many apps in one
  // process); scraped together with the process's.
  const own = new Registry();

  const allSeries: RequestSeries[] = [];
  new Counter({
    name: 'http_requests_total',
    help: 'Answered requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [own],
    collect() {
      for (const one of allSeries) {
        if (one.count === one.exported) continue;
        this.inc(one.labels, one.count - one.exported);
        one.exported = one.count;
      }
    },
  });
  const durations = new RequestDurations(
    'http_request_duration_seconds',
    'Time from the request to the end of its answer, by method, route pattern and status class',
    DURATION_BUCKETS,
  );
  // prom-client's typings name only its own classes; its registry needs no more than name, help, type, get and reset.
  own.registerMetric(durations as unknown as Metric);

  // Each (route, method, status) pair's label children, made once: observing then skips building label objects.
  const series = new Map<string, Map<string, Array<RequestSeries | undefined>>>();
  function seriesOf(route: string, method: string, status: number): RequestSeries {
    let byMethod = series.get(route);
    if (!byMethod) series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = []));
    let found = byStatus[status];
    if (!found) {
      const statusClass = STATUS_CLASSES[Math.floor(status / 100) - 1] ?? 'other';
      found = {
        count: 0,
        exported: 0,
        labels: { method, route, status: String(status) },
        duration: durations.series({ method, route, status_class: statusClass }),
      };
      byStatus[status] = found;
      allSeries.push(found);
    }
    return found;
  }

  function count(route: string, method: string, status: number, seconds: number) {
    const one = seriesOf(route, method, status);
    one.count += 1;
    one.duration.observe(seconds);
  }
  // The only per-request cost: one onResponse hook, a map lookup, two adds and a bucket's (bench/results/history.md).
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    count(request.routeOptions.url ?? UNMATCHED_ROUTE, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  options.replay?.countWith(count);
  options.refusals?.countWith(count);

  const figures = shopFiguresSource(
    options.database,
    (error) => app.log.warn({ err: error }, 'metrics: the shop figures could not be read; serving the last ones'),
    options.figuresCacheMs ?? SHOP_FIGURES_CACHE_MS,
  );
  new Gauge({
    name: 'kestrel_orders',
    help: `Orders by status (read at most every ${SHOP_FIGURES_CACHE_MS / 1000} s)`,
    labelNames: ['status'] as const,
    registers: [own],
    async collect() {
      const now = await figures.get();
      if (!now) return;
      this.reset();
      for (const [status, count] of now.ordersByStatus) this.set({ status }, count);
    },
  });
  new Gauge({
    name: 'kestrel_mail_outbox_queued',
    help: 'Mail messages waiting to be sent (queued, including those waiting to retry)',
    registers: [own],
    async collect() {
      const now = await figures.get();
      if (now) this.set(now.mailQueued);
    },
  });
  new Gauge({
    name: 'kestrel_webhook_outbox_queued',
    help: 'Webhook deliveries waiting to be made (queued, including those waiting to retry)',
    registers: [own],
    async collect() {
      const now = await figures.get();
      if (now) this.set(now.webhooksQueued);
    },
  });
  // The job queue: pg-boss's queue tables on PostgreSQL (every instance's), this process's timers on SQLite.
  const jobDepth = () => options.jobs.depth();
  let depthRead: ReturnType<typeof jobDepth> | undefined;
  const sharedDepth = () => (depthRead ??= jobDepth().finally(() => (depthRead = undefined)));
  new Gauge({
    name: 'kestrel_job_queue_depth',
    help: 'Background job runs asked for and not yet started, by job',
    labelNames: ['job'] as const,
    registers: [own],
    async collect() {
      for (const job of await sharedDepth()) this.set({ job: job.name }, job.waiting);
    },
  });
  new Gauge({
    name: 'kestrel_jobs_running',
    help: 'Background job runs in progress, by job',
    labelNames: ['job'] as const,
    registers: [own],
    async collect() {
      for (const job of await sharedDepth()) this.set({ job: job.name }, job.running);
    },
  });

  const registry = Registry.merge([processMetrics(), own]);
  const expected = options.token === undefined ? undefined : sha256(options.token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected && !bearerMatches(request.headers.authorization, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'unauthorized', message: 'GET /metrics needs the METRICS_TOKEN bearer token' } });
    }
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
});
