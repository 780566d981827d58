// The demo catalogue was seeded when the start that created the schema said so, and only then: a seed that failed on
// that start (the image store unreachable, the process killed) left an empty shop that no later start would fill. Now
// the schema records the seed as pending, and the seed clears it once the demo catalogue is in (seed/index.ts); an
// existing database is marked only while it has no products, so a shop that already trades never gets the demo.
// claimed_until is the lease of the instance seeding, so instances starting together seed once.
import { sql, type Kysely, type Migration } from 'kysely';

export const DEMO_CATALOGUE_SEED = 'demo-catalogue';

export const pendingSeedsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE pending_seeds (name varchar(40) PRIMARY KEY, claimed_until varchar(30))`.execute(db);
    await sql`INSERT INTO pending_seeds (name)
      SELECT ${DEMO_CATALOGUE_SEED} WHERE NOT EXISTS (SELECT 1 FROM products)`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`DROP TABLE pending_seeds`.execute(db);
  },
};
