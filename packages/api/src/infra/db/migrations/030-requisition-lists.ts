// Requisition lists (B2B §16, modules/lists): a person's private lists and a company's shared ones, with one line per
// product. A line keeps the product's SKU and name as they were when it was last written, so a line whose product was
// deleted still says what it was; it is not a foreign key to products, since such a line stays on the list (with its
// problem) until someone removes it. company_id is null for a private list; the two indexes are the two halves of
// GET /api/lists (mine, my company's shared) and the limits' counts.
import type { Kysely, Migration } from 'kysely';

export const requisitionListsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('requisition_lists')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_by', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('company_id', 'varchar(24)', (c) => c.references('companies.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('requisition_lists_creator')
      .on('requisition_lists')
      .columns(['created_by', 'company_id'])
      .execute();
    await db.schema.createIndex('requisition_lists_company').on('requisition_lists').column('company_id').execute();

    await db.schema
      .createTable('requisition_list_lines')
      .addColumn('list_id', 'varchar(24)', (c) => c.notNull().references('requisition_lists.id').onDelete('cascade'))
      .addColumn('product_id', 'varchar(24)', (c) => c.notNull())
      // The list's order of lines: new lines go after the last.
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('sku', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('note', 'text')
      .addPrimaryKeyConstraint('requisition_list_lines_pk', ['list_id', 'product_id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('requisition_list_lines').execute();
    await db.schema.dropTable('requisition_lists').execute();
  },
};
