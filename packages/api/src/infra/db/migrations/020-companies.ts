// Companies (B2B §5): a company, its members with their roles and spending limits, single-use invites, and contract
// prices. A user is in at most one company (company_members is keyed by user). Money is in cents as everywhere; a null
// spending or credit limit means none. Orders already carry company_id (005); the index here serves the company's
// order list newest first at a year of orders.
import type { Kysely, Migration } from 'kysely';

export const companiesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('companies')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('tax_id', 'varchar(64)')
      .addColumn('billing_address', 'text', (c) => c.notNull())
      // 'card' | 'net15' | 'net30' | 'net60'
      .addColumn('payment_terms', 'varchar(8)', (c) => c.notNull().defaultTo('card'))
      .addColumn('credit_limit_cents', 'bigint')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('company_members')
      .addColumn('user_id', 'varchar(24)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('company_id', 'varchar(24)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      // 'owner' | 'buyer' | 'viewer'
      .addColumn('role', 'varchar(8)', (c) => c.notNull())
      .addColumn('spending_limit_cents', 'bigint')
      .addColumn('joined_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('company_members_company').on('company_members').column('company_id').execute();

    await db.schema
      .createTable('company_invites')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('company_id', 'varchar(24)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('role', 'varchar(8)', (c) => c.notNull())
      .addColumn('spending_limit_cents', 'bigint')
      // SHA-256 of the token in the mailed link; the token itself is never stored.
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('invited_by', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('accepted_at', 'varchar(32)')
      .addColumn('accepted_by', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('revoked_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('company_invites_company').on('company_invites').column('company_id').execute();

    await db.schema
      .createTable('company_prices')
      .addColumn('company_id', 'varchar(24)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      // No foreign key to products: a deleted product's contract price is simply never read again.
      .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('company_prices_pk', ['company_id', 'product_id'])
      .execute();

    await db.schema.createIndex('orders_company_created').on('orders').columns(['company_id', 'created_at']).execute();
  },
};
