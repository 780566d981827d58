// Sequential request timing for the growth and catalog parts: one kept-alive connection per server, the whole body
// read, only 200s accepted.
import http from 'node:http';

export function timedGet(
  url: string,
  agent: http.Agent,
  headers: Record<string, string> = {},
): Promise<{ ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({ ms: performance.now() - began, bytes })
            : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/** The value below which `share` (0-1) of the values lie (the upper middle one for the median of an even count). */
export function quantileOf(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

export const medianOf = (values: number[]) => quantileOf(values, 0.5);
