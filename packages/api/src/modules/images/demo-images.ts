// The demo catalogue's pictures (assets/demo/<slug>.png, made by assets/demo/generate.mjs) go through the same pipeline
// as an admin's upload, so the seeded products point at `/api/images/<sha256>.webp` and get card variants too. The
// pipeline runs in a child process (process-in-child.ts), so a first start does not keep libvips' memory.
import { join, resolve } from 'node:path';
import { apiPackageDir } from '../../infra/package-dir.js';
import type { ImageService } from './image-service.js';
import { processImagesInChild } from './process-in-child.js';

export const DEMO_ASSETS_DIR = resolve(apiPackageDir(), 'assets/demo');

/** Stores each slug's demo picture (once: the store is content-addressed) and returns slug -> image URL. */
export async function ingestDemoImages(
  images: ImageService,
  slugs: readonly string[],
  assetsDir = DEMO_ASSETS_DIR,
): Promise<Map<string, string>> {
  const processed = await processImagesInChild(slugs.map((slug) => join(assetsDir, `${slug}.png`)));
  const urls = await Promise.all(
    slugs.map(async (slug, i): Promise<[string, string]> => {
      const image = processed[i];
      if (!image) throw new Error(`No processed demo image for ${slug}`);
      const { url } = await images.storeProcessed(image);
      return [slug, url];
    }),
  );
  return new Map(urls);
}
