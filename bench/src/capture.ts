// Captures one real answer of the product so the raw node:http reference can replay exactly the same bytes.
import { writeFile } from 'node:fs/promises';
import { z } from 'zod';

export const captureSchema = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  bodyBase64: z.string(),
});
export type Capture = z.infer<typeof captureSchema>;

export interface CaptureRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export async function captureAnswer(url: string, init: CaptureRequest = {}): Promise<Capture> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    ...(init.body ? { body: init.body } : {}),
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status >= 300) throw new Error(`${url} answered ${res.status}: ${body.toString('utf8').slice(0, 200)}`);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    headers[key] = value;
  });
  return { status: res.status, headers, bodyBase64: body.toString('base64') };
}

export async function saveCapture(file: string, capture: Capture): Promise<void> {
  await writeFile(file, JSON.stringify(capture));
}
