// Load generation: a short warm-up, then a measured run while the server's resident memory is sampled. autocannon
// runs in a process of its own (load-worker.ts), as a user measures from a shell, so the bench's own work never
// slows the generator down. Throughput counts only 2xx answers, so a server that refuses fast never looks fast.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Result } from 'autocannon';
import type { WorkerSpec } from './load-worker.js';
import { BENCH_SRC } from './paths.js';
import { rssMiBOf } from './processes.js';

export interface LoadSpec {
  origin: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Rotated per request; lets a run spread requests over several customers' tokens. */
  headerSets?: Array<Record<string, string>>;
  /** Rotated per request (after the header sets); lets a run rotate over several bodies. */
  bodies?: string[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Server pid whose RSS is sampled during the measured run. */
  pid?: number;
}

export interface LoadResult {
  /** 2xx answers per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  peakRssMiB: number | null;
}

function fire(spec: LoadSpec, seconds: number): Promise<Result> {
  const hasBody = spec.body !== undefined || spec.bodies !== undefined;
  const worker: WorkerSpec = {
    origin: spec.origin,
    path: spec.path,
    method: spec.method ?? 'GET',
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...spec.headers },
    ...(spec.body !== undefined ? { body: spec.body } : {}),
    ...(spec.headerSets ? { headerSets: spec.headerSets } : {}),
    ...(spec.bodies ? { bodies: spec.bodies } : {}),
    connections: spec.connections,
    seconds,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(BENCH_SRC, 'load-worker.ts')], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load worker exited with ${code}: ${err.slice(-600)}`));
      try {
        resolve(JSON.parse(out) as Result);
      } catch (error) {
        reject(new Error(`load worker printed no result: ${String(error)} ${err.slice(-600)}`));
      }
    });
    child.stdin.end(JSON.stringify(worker));
  });
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  if (spec.warmupSeconds > 0) await fire(spec, spec.warmupSeconds);
  let peak: number | null = null;
  const sample = async () => {
    if (spec.pid === undefined) return;
    try {
      peak = Math.max(peak ?? 0, await rssMiBOf(spec.pid));
    } catch {
      // The process may be gone at the very end of a run; the samples taken so far stand.
    }
  };
  const sampler = setInterval(() => void sample(), 250);
  try {
    const result = await fire(spec, spec.seconds);
    await sample();
    const statusCodes: Record<string, number> = {};
    let ok = 0;
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
      statusCodes[code] = Number(stat.count);
      if (code.startsWith('2')) ok += Number(stat.count);
    }
    return {
      rps: ok / result.duration,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      total: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      statusCodes,
      peakRssMiB: peak,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** A one-line summary for the table's note column. */
export function describeLoad(r: LoadResult): string {
  const codes = Object.entries(r.statusCodes)
    .map(([code, n]) => `${code}x${n}`)
    .join(' ');
  return `p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${codes}${r.errors ? `, ${r.errors} errors` : ''}`;
}

/** The better of several results: outside noise on a shared machine only ever slows a run down. */
export function best(results: LoadResult[]): LoadResult {
  const [first, ...rest] = results;
  if (!first) throw new Error('no load results');
  const top = rest.reduce((a, b) => (b.rps > a.rps ? b : a), first);
  const peaks = results.flatMap((r) => (r.peakRssMiB === null ? [] : [r.peakRssMiB]));
  return { ...top, peakRssMiB: peaks.length ? Math.max(...peaks) : null };
}

/** Runs `rounds` measured runs (the first one warmed up) and keeps the best. */
export async function bestOf(
  rounds: number,
  warmupSeconds: number,
  run: (warmupSeconds: number) => Promise<LoadResult>,
) {
  const results: LoadResult[] = [];
  for (let round = 0; round < rounds; round += 1) results.push(await run(round === 0 ? warmupSeconds : 0));
  return best(results);
}
