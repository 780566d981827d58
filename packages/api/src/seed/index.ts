// Start-up data: the demo catalogue on a new database and an administrator (docs/product.md §2). The seed sits above
// the modules and goes through their public entries, so their own writes keep their caches right.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../infra/config.js';
import type { Db } from '../infra/db/create-db.js';
import { DEMO_CATALOGUE_SEED } from '../infra/db/migrations/025-pending-seeds.js';
import type { AccountsService } from '../modules/accounts/index.js';
import type { CatalogService } from '../modules/catalog/index.js';
import { ingestDemoImages, type ImageService } from '../modules/images/index.js';
import type { ReviewsService } from '../modules/reviews/index.js';
import { DEMO_IMAGE_SLUGS, demoProducts, demoReviews } from './demo-catalogue.js';
import { claimSeed, hasAnyProduct, isSeedPending, releaseSeed, seedDone } from './pending-seeds-repository.js';

export interface SeedModules {
  db: Db;
  accounts: Pick<AccountsService, 'ensureAdmin'>;
  catalog: Pick<CatalogService, 'createProducts'>;
  reviews: Pick<ReviewsService, 'createReviews'>;
  images: ImageService;
}

/** Where the pictures go, for a failure's message: the operator's own setting, so they know what to check. */
function imageStoreSetting(config: Pick<Config, 's3' | 'uploadDir'>): string {
  if (!config.s3) return `UPLOAD_DIR (${config.uploadDir})`;
  const at = config.s3.endpoint ? ` at S3_ENDPOINT ${config.s3.endpoint}` : '';
  return `S3_BUCKET "${config.s3.bucket}"${at}`;
}

/** The reason at the bottom of an error: the store's own error wraps the SDK's (or the socket's), which says it. */
function rootReason(error: unknown): string {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  if (!(root instanceof Error)) return String(root);
  return root.name === 'Error' ? root.message : `${root.name}: ${root.message}`;
}

async function seedDemoCatalogue(
  modules: Omit<SeedModules, 'db' | 'accounts'>,
  config: Pick<Config, 's3' | 'uploadDir'>,
): Promise<void> {
  // Demo pictures are stored like uploads (content-addressed WebP + card), before the rows.
  const imageUrls = await ingestDemoImages(modules.images, DEMO_IMAGE_SLUGS).catch((error: unknown) => {
    throw new Error(
      `the demo catalogue's pictures could not be stored in ${imageStoreSetting(config)}: ${rootReason(error)}. ` +
        'Nothing was seeded; the next start tries again (SEED_DEMO=0 starts without the demo catalogue).',
      { cause: error },
    );
  });
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

/** How long an instance holds the demo seed: far above the seed's 2-40 s, so only a start that died mid-seed lets it go. */
const SEED_CLAIM_MS = 5 * 60_000;

/**
 * The demo catalogue goes into a new database (migrations/025-pending-seeds.ts marks it pending) and stays pending until
 * it is in, so a start that failed to seed is followed by one that does. One instance claims it at a time: others
 * starting together go on without it. A catalogue that has products by then (an admin added some while SEED_DEMO was 0,
 * or a seed stopped between its rows and clearing the mark) is not seeded.
 */
async function seedDemoIfPending(modules: SeedModules, config: Config, log: FastifyBaseLogger): Promise<void> {
  if (!config.seedDemo) return;
  const { db } = modules;
  if (!(await claimSeed(db, DEMO_CATALOGUE_SEED, new Date(), SEED_CLAIM_MS))) {
    if (await isSeedPending(db, DEMO_CATALOGUE_SEED)) {
      log.info('another instance is seeding the demo catalogue; starting without waiting for it');
    }
    return;
  }
  try {
    if (!(await hasAnyProduct(db))) await seedDemoCatalogue(modules, config);
  } catch (error) {
    await releaseSeed(db, DEMO_CATALOGUE_SEED);
    throw error;
  }
  await seedDone(db, DEMO_CATALOGUE_SEED);
}

export async function seedDatabase(modules: SeedModules, config: Config, log: FastifyBaseLogger): Promise<void> {
  await seedDemoIfPending(modules, config, log);
  await ensureAdmin(modules, config, log);
}
