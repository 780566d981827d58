// Start-up data: the demo catalogue on a fresh database and an administrator (PRODUCT.md §2).
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/create-db.js';
import { AppError } from '../errors.js';
import { createImageStore } from '../images/create-image-store.js';
import { ingestDemoImages } from '../images/demo-images.js';
import { insertProduct } from '../repositories/products.js';
import { insertReview } from '../repositories/reviews.js';
import { invalidateLists } from '../services/list-cache.js';
import { findUserByEmail, hasAdmin, setUserRole, updateUser } from '../repositories/users.js';
import { forgetCheckedSessions } from '../services/checked-sessions.js';
import { createUser } from '../services/identity.js';
import { hashPassword } from '../services/passwords.js';
import { productRow } from '../services/products.js';
import { reviewRow } from '../services/reviews.js';
import { DEMO_IMAGE_SLUGS, demoProducts, demoReviews } from './demo-catalogue.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export async function seedDemoCatalogue(db: Db, config: Pick<Config, 'uploadDir'>): Promise<void> {
  // Demo pictures are stored like uploads (content-addressed WebP + card), before the transaction: files, not rows.
  const imageUrls = await ingestDemoImages(createImageStore(config), DEMO_IMAGE_SLUGS);
  // Consecutive timestamps keep the catalogue order (ids are time-ordered).
  const start = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const [i, product] of demoProducts(imageUrls).entries())
      await insertProduct(trx, productRow(product, start + i));
    for (const [i, review] of demoReviews.entries()) {
      await insertReview(trx, reviewRow(review, null, start + i));
    }
  });
  invalidateLists(db);
}

/** ADMIN_EMAIL/ADMIN_PASSWORD create or promote that account; with neither and no admin, a default one is made. */
export async function ensureAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  const email = config.adminEmail ?? (config.adminPassword || !(await hasAdmin(db)) ? DEFAULT_ADMIN_EMAIL : undefined);
  if (!email) return;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await setUserRole(db, existing.id, 'admin');
    if (config.adminPassword)
      await updateUser(db, existing.id, { password_hash: await hashPassword(config.adminPassword) });
    forgetCheckedSessions(db);
    return;
  }
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  try {
    await createUser(db, { email, name: 'Administrator', passwordHash: await hashPassword(password), role: 'admin' });
  } catch (error) {
    // Another instance starting at the same moment created it first: promote it as above instead of failing to start.
    if (error instanceof AppError && error.code === 'email_taken') return ensureAdmin(db, config, log);
    throw error;
  }
  if (!config.adminPassword) {
    log.warn(`Created administrator ${email} with password ${password} (shown once; set ADMIN_PASSWORD to choose it)`);
  }
}

export async function seedDatabase(db: Db, config: Config, log: FastifyBaseLogger, { fresh }: { fresh: boolean }) {
  if (fresh && config.seedDemo) await seedDemoCatalogue(db, config);
  await ensureAdmin(db, config, log);
}
