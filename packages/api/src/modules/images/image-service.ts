// Turns uploaded bytes into stored images and their URLs. Names are the SHA-256 of the re-encoded full WebP (not of the
// upload): the URL then identifies exactly the bytes served, and two uploads that re-encode to the same image (the
// same file sent twice, or a copy with different metadata) are stored once.
import { createHash } from 'node:crypto';
import { IMAGE_PATH_PREFIX } from '@kestrel/shared';
import { limitConcurrency } from './limit-concurrency.js';
import { processImage, type ProcessedImage } from './process-image.js';
import type { ImageStore } from './image-store.js';

export interface IngestedImage {
  /** `/api/images/<sha256>.webp` */
  url: string;
  /** `/api/images/<sha256>-card.webp` */
  cardUrl: string;
  /** False when this image was already stored. */
  stored: boolean;
}

export interface ImageService {
  /** Validates, re-encodes and stores an upload; throws an ImageError when it is refused (then nothing is stored). */
  ingest(bytes: Buffer): Promise<IngestedImage>;
  /** Stores what processImage made elsewhere (the demo seed processes its pictures in a child process). */
  storeProcessed(image: ProcessedImage): Promise<IngestedImage>;
}

export const fullImageName = (hash: string) => `${hash}.webp`;
export const cardImageName = (hash: string) => `${hash}-card.webp`;

export function createImageService(store: ImageStore, options: { maxConcurrent?: number } = {}): ImageService {
  const limit = limitConcurrency(options.maxConcurrent ?? 2);

  const storeProcessed = async (image: ProcessedImage): Promise<IngestedImage> => {
    const hash = createHash('sha256').update(image.full).digest('hex');
    const full = fullImageName(hash);
    const card = cardImageName(hash);
    const urls = { url: `${IMAGE_PATH_PREFIX}${full}`, cardUrl: `${IMAGE_PATH_PREFIX}${card}` };

    if (await store.exists(full)) return { ...urls, stored: false };
    // The card goes first: the full image's presence is what marks the pair complete (checked above), so a crash
    // between the two writes leaves a pair that the next upload of the same image simply writes again.
    await store.put(card, image.card);
    await store.put(full, image.full);
    return { ...urls, stored: true };
  };

  return {
    async ingest(bytes) {
      return storeProcessed(await limit(() => processImage(bytes)));
    },
    storeProcessed,
  };
}
