// The `oidc_states` table: one row per Google sign-in in progress, so any server instance can finish a flow another
// one started, and a row is deleted as it is used so the same state can never be redeemed twice.
// Listed in db/migrations/index.ts as 003-oidc-states.
import type { Kysely, Migration } from 'kysely';

export type OidcStatesTable = {
  /** The `state` parameter sent to the provider (random, 43 characters). */
  state: string;
  nonce: string;
  code_verifier: string;
  /** A local path, already checked by safeReturnTo. */
  return_to: string;
  /** SHA-256 (hex) of the HttpOnly cookie given to the browser that started the flow (login-CSRF protection). */
  browser_hash: string;
  created_at: string;
  expires_at: string;
};

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
export type OidcTables = {
  oidc_states: OidcStatesTable;
};

export const oidcStatesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('oidc_states')
      .addColumn('state', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
      .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
      .addColumn('return_to', 'text', (c) => c.notNull())
      .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // Expired rows are swept by expiry on every new flow.
    await db.schema.createIndex('oidc_states_expires_at').on('oidc_states').column('expires_at').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('oidc_states').execute();
  },
};
