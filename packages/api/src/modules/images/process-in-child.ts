// Runs the upload pipeline over a batch of image files in a short-lived child process. The demo seed uses it: libvips
// decodes with several threads, each with its own malloc arena, and glibc keeps those arenas after the work is done,
// so 30 pictures processed in the server left it 50-80 MB larger for good. The child's memory goes when it exits.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ProcessedImage } from './process-image.js';

export interface ProcessRequest {
  files: string[];
}

export type ProcessAnswer = { images: ProcessedImage[] } | { error: string };

export function isProcessRequest(message: unknown): message is ProcessRequest {
  if (typeof message !== 'object' || message === null || !('files' in message)) return false;
  const { files } = message;
  return Array.isArray(files) && files.every((file) => typeof file === 'string');
}

function isProcessedImage(value: unknown): value is ProcessedImage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'full' in value &&
    Buffer.isBuffer(value.full) &&
    'card' in value &&
    Buffer.isBuffer(value.card) &&
    'fullWidth' in value &&
    typeof value.fullWidth === 'number' &&
    'fullHeight' in value &&
    typeof value.fullHeight === 'number' &&
    'sourceFormat' in value &&
    typeof value.sourceFormat === 'string'
  );
}

function isProcessAnswer(message: unknown): message is ProcessAnswer {
  if (typeof message !== 'object' || message === null) return false;
  if ('error' in message) return typeof message.error === 'string';
  return 'images' in message && Array.isArray(message.images) && message.images.every(isProcessedImage);
}

/**
 * The child's entry beside this file: process-images-entry.js next to the bundle (packages/api/build.mjs builds both),
 * or the TypeScript source, run through tsx, when the server itself runs from source (tsx, Vitest).
 */
function childEntry(): { file: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { file: fileURLToPath(new URL('./process-images-entry.ts', import.meta.url)), execArgv: ['--import', tsx] };
  }
  return { file: fileURLToPath(new URL('./process-images-entry.js', import.meta.url)), execArgv: [] };
}

/** Each file through processImage, in order; rejects with the first refusal's or failure's message. */
export function processImagesInChild(files: readonly string[]): Promise<ProcessedImage[]> {
  const { file, execArgv } = childEntry();
  // 'advanced' serialization carries the WebP bytes as Buffers rather than as JSON.
  const child = fork(file, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    child.once('message', (message: unknown) => {
      if (!isProcessAnswer(message)) settle(() => reject(new Error('The image process sent an unexpected answer')));
      else if ('error' in message) settle(() => reject(new Error(`Processing images failed: ${message.error}`)));
      else if (message.images.length !== files.length) {
        settle(() => reject(new Error(`The image process answered ${message.images.length} of ${files.length}`)));
      } else settle(() => resolve(message.images));
    });
    child.once('error', (error) => settle(() => reject(error)));
    child.once('exit', (code, signal) =>
      settle(() => reject(new Error(`The image process exited (${signal ?? code ?? 'unknown'}) before answering`))),
    );
    child.send({ files: [...files] } satisfies ProcessRequest);
  });
}
