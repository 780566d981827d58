// The catalogue CSV import's staging rows (docs/reliability.md, #24): a big file is checked and written here in
// short slices, then applied to products by a few set-based statements in one short transaction, so the import is
// all rows or none without holding the database (SQLite's one connection) for the whole file.
import type { Kysely, Migration } from 'kysely';

export const productImportRowsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('product_import_rows')
      .addColumn('import_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('id', 'varchar(24)', (c) => c.notNull())
      .addColumn('sku', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('img', 'text', (c) => c.notNull())
      .addColumn('min_quantity', 'integer', (c) => c.notNull())
      .addColumn('available_quantity', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category', 'varchar(40)', (c) => c.notNull())
      .addColumn('pack_size', 'integer', (c) => c.notNull())
      .addColumn('max_quantity', 'integer')
      .addColumn('price_breaks', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('product_import_rows_pk', ['import_id', 'sku'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('product_import_rows').execute();
  },
};
