// Sequential request timing for the catalogue, order-desk, stats and hostile-search parts: one kept-alive connection
// per server, the whole body read, only 200s accepted.
import http from 'node:http';

interface Timed {
  ms: number;
  bytes: number;
  /** The body as text, when asked for (reading it costs time the other calls do not measure). */
  body: string;
}

function timed(url: string, agent: http.Agent, headers: Record<string, string>, keepBody: boolean): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    http
      .get(url, { agent, headers }, (res) => {
        const ok = res.statusCode === 200;
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (keepBody || !ok) chunks.push(chunk);
        });
        res.on('end', () => {
          const ms = performance.now() - began;
          const body = Buffer.concat(chunks).toString('utf8');
          if (ok) resolve({ ms, bytes, body });
          else reject(new Error(`${url}: ${res.statusCode} ${body.slice(0, 200)}`));
        });
      })
      .on('error', reject);
  });
}

/** One GET's time and size; anything but a 200 rejects with the start of its body. */
export async function timedGet(
  url: string,
  agent: http.Agent,
  headers: Record<string, string> = {},
): Promise<{ ms: number; bytes: number }> {
  const { ms, bytes } = await timed(url, agent, headers, false);
  return { ms, bytes };
}

/** As timedGet, keeping the body for the caller to check. */
export function timedGetBody(url: string, agent: http.Agent, headers: Record<string, string> = {}): Promise<Timed> {
  return timed(url, agent, headers, true);
}

/** The value below which `share` (0-1) of the values lie (the upper middle one for the median of an even count). */
export function quantileOf(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

export const medianOf = (values: number[]) => quantileOf(values, 0.5);
