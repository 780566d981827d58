// Start-up data: the demo catalogue on a fresh database and an administrator (docs/product.md §2). The seed sits above
// the modules and goes through their public entries, so their own writes keep their caches right.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../infra/config.js';
import type { AccountsService } from '../modules/accounts/index.js';
import type { CatalogService } from '../modules/catalog/index.js';
import { ingestDemoImages, type ImageService } from '../modules/images/index.js';
import type { ReviewsService } from '../modules/reviews/index.js';
import { DEMO_IMAGE_SLUGS, demoProducts, demoReviews } from './demo-catalogue.js';

export interface SeedModules {
  accounts: Pick<AccountsService, 'ensureAdmin'>;
  catalog: Pick<CatalogService, 'createProducts'>;
  reviews: Pick<ReviewsService, 'createReviews'>;
  images: ImageService;
}

export async function seedDemoCatalogue(modules: SeedModules): Promise<void> {
  // Demo pictures are stored like uploads (content-addressed WebP + card), before the rows.
  const imageUrls = await ingestDemoImages(modules.images, DEMO_IMAGE_SLUGS);
  await modules.catalog.createProducts(demoProducts(imageUrls));
  await modules.reviews.createReviews(demoReviews, null);
}

/** ADMIN_EMAIL/ADMIN_PASSWORD create or promote that account; with neither and no admin, a default one is made. */
export async function ensureAdmin(
  modules: Pick<SeedModules, 'accounts'>,
  config: Config,
  log: FastifyBaseLogger,
): Promise<void> {
  const generated = await modules.accounts.ensureAdmin({ email: config.adminEmail, password: config.adminPassword });
  if (generated) {
    log.warn(
      `Created administrator ${generated.email} with password ${generated.password} (shown once; set ADMIN_PASSWORD to choose it)`,
    );
  }
}

export async function seedDatabase(
  modules: SeedModules,
  config: Config,
  log: FastifyBaseLogger,
  { fresh }: { fresh: boolean },
): Promise<void> {
  if (fresh && config.seedDemo) await seedDemoCatalogue(modules);
  await ensureAdmin(modules, config, log);
}
