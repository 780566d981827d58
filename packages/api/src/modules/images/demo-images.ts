// The demo catalogue's pictures (assets/demo/<slug>.png, made by assets/demo/generate.mjs) go through the same pipeline
// as an admin's upload, so the seeded products point at `/api/images/<sha256>.webp` and get card variants too.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { apiPackageDir } from '../../infra/package-dir.js';
import type { ImageService } from './image-service.js';

export const DEMO_ASSETS_DIR = resolve(apiPackageDir(), 'assets/demo');

/** Stores each slug's demo picture (once: the store is content-addressed) and returns slug -> image URL. */
export async function ingestDemoImages(
  images: ImageService,
  slugs: readonly string[],
  assetsDir = DEMO_ASSETS_DIR,
): Promise<Map<string, string>> {
  const urls = await Promise.all(
    slugs.map(async (slug): Promise<[string, string]> => {
      const { url } = await images.ingest(await readFile(join(assetsDir, `${slug}.png`)));
      return [slug, url];
    }),
  );
  return new Map(urls);
}
