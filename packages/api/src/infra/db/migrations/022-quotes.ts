// Quotes (B2B §10, modules/quotes): a buyer's request for a price, the shop's offer, and the thread between them. A
// quote's lines keep what was asked (SKU and name as they were, the list unit price when asked, the target price) and
// the offered unit price; its messages are one row each. Quote numbers Q-{year}-{000001} are gap-free like invoice
// numbers (008): one counter row per year, taken with an upsert in the transaction that records the quote, so a
// rollback gives the number back. An order placed by accepting an offer carries its quote (orders.quote_id), and the
// unique index makes "one order per quote" the database's rule too. Money is in cents as everywhere.
import { sql, type Kysely, type Migration } from 'kysely';

export const quotesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('quote_counters')
      .addColumn('year', 'integer', (c) => c.primaryKey())
      .addColumn('last_number', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('quotes')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('user_name', 'varchar(120)', (c) => c.notNull())
      // The requester's company when asked; members of it see the quote (B2B §5's rule).
      .addColumn('company_id', 'varchar(24)')
      // requested | offered | accepted | declined | cancelled | rejected | expired
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('valid_until', 'varchar(32)')
      .addColumn('order_id', 'varchar(24)')
      // Why it was declined or rejected.
      .addColumn('reason', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // The requester's list, the company's list and the admin's list, newest first; the expiry job's walk.
    await db.schema.createIndex('quotes_user_created').on('quotes').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('quotes_company_created').on('quotes').columns(['company_id', 'created_at']).execute();
    await db.schema.createIndex('quotes_created').on('quotes').column('created_at').execute();
    await db.schema.createIndex('quotes_status_valid').on('quotes').columns(['status', 'valid_until']).execute();

    await db.schema
      .createTable('quote_lines')
      .addColumn('quote_id', 'varchar(24)', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
      .addColumn('line_no', 'integer', (c) => c.notNull())
      // Null once the product is deleted; sku and name keep what was asked for.
      .addColumn('product_id', 'varchar(24)', (c) => c.references('products.id').onDelete('set null'))
      .addColumn('sku', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('list_unit_price_cents', 'bigint', (c) => c.notNull())
      .addColumn('target_price_cents', 'bigint')
      .addColumn('unit_price_cents', 'bigint')
      .addPrimaryKeyConstraint('quote_lines_pk', ['quote_id', 'line_no'])
      .execute();

    // A product's deletion finds its quote lines by index.
    await db.schema.createIndex('quote_lines_product_id').on('quote_lines').column('product_id').execute();

    await db.schema
      .createTable('quote_messages')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('quote_id', 'varchar(24)', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
      // buyer | seller
      .addColumn('author', 'varchar(8)', (c) => c.notNull())
      .addColumn('user_id', 'varchar(24)')
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('quote_messages_quote').on('quote_messages').columns(['quote_id', 'id']).execute();

    await db.schema.alterTable('orders').addColumn('quote_id', 'varchar(24)').execute();
    // Only orders placed from a quote are indexed: every other order (nearly all) adds no entry on its insert.
    await db.schema
      .createIndex('orders_quote_id')
      .on('orders')
      .column('quote_id')
      .unique()
      .where(sql.ref('quote_id'), 'is not', null)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_quote_id').execute();
    await db.schema.alterTable('orders').dropColumn('quote_id').execute();
    await db.schema.dropTable('quote_messages').execute();
    await db.schema.dropTable('quote_lines').execute();
    await db.schema.dropTable('quotes').execute();
    await db.schema.dropTable('quote_counters').execute();
  },
};
