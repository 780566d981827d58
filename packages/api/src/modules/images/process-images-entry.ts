// The child process that processImagesInChild (process-in-child.ts) starts: it receives a list of image files, runs
// each through the upload pipeline and sends the results back, then exits, and libvips' memory leaves with it.
import { readFile } from 'node:fs/promises';
import { limitConcurrency } from './limit-concurrency.js';
import { processImage } from './process-image.js';
import { isProcessRequest, type ProcessAnswer } from './process-in-child.js';

async function answer(message: unknown): Promise<ProcessAnswer> {
  if (!isProcessRequest(message)) return { error: 'expected { files: string[] }' };
  // Two at a time, as the image service allows: both cores busy, and no more decoded pixels in memory than that.
  const limit = limitConcurrency(2);
  try {
    const images = await Promise.all(
      message.files.map((file) => limit(async () => processImage(await readFile(file)))),
    );
    return { images };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

process.once('message', (message: unknown) => {
  void answer(message).then((reply) => process.send?.(reply, () => process.disconnect()));
});
