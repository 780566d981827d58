// Multipart bodies for app.inject, serialised by the platform's own FormData encoder (as a browser would send them),
// an upload through them, and a listing of an upload folder to prove what was or was not stored.
import { readdir } from 'node:fs/promises';
import type { TestApp } from '../../helpers/test-app.js';

export interface FilePart {
  field?: string;
  filename?: string;
  type?: string;
  bytes: Buffer;
}

export async function multipart(
  files: FilePart[],
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field ?? 'image',
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.filename ?? 'upload.bin',
    );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** Names in the upload folder, sorted; a folder not created yet counts as empty. */
export async function listUploads(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

/** POST /api/image with these parts, sent with `auth` (a signed-in user's header, or none). */
export async function uploadImage(
  t: TestApp,
  auth: Record<string, string>,
  files: FilePart[],
  fields?: Record<string, string>,
) {
  const body = await multipart(files, fields);
  return t.app.inject({ method: 'POST', url: '/api/image', ...body, headers: { ...body.headers, ...auth } });
}
