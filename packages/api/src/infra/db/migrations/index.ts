// Migrations are listed in code, not found by a folder scan, because the server is bundled into one file by esbuild.
// Add a new one as NNN-name.ts and list it here; names sort in the order they run.
import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './001-initial.js';
import { paymentsMigration } from './002-payments.js';
import { oidcStatesMigration } from '../oidc-states-table.js';
import { catalogueMigration } from './004-catalogue.js';
import { orderLinesMigration } from './005-order-lines.js';
import { mailOutboxMigration } from './006-mail-outbox.js';

export const FIRST_MIGRATION = '001-initial';

const migrations: Record<string, Migration> = {
  [FIRST_MIGRATION]: initial,
  '002-payments': paymentsMigration,
  '003-oidc-states': oidcStatesMigration,
  '004-catalogue': catalogueMigration,
  '005-order-lines': orderLinesMigration,
  '006-mail-outbox': mailOutboxMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
