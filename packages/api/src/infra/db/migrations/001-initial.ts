// The entities of docs/product.md §15 plus users' sessions. Types are chosen to mean the same on SQLite and PostgreSQL:
// text ids and ISO timestamps, bigint for money totals (quantity x unit price can pass 2^31 cents).
import { sql, type Kysely, type Migration } from 'kysely';

export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('customer'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('products')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('price_cents', 'bigint', (c) => c.notNull())
      .addColumn('img', 'text', (c) => c.notNull())
      .addColumn('min_quantity', 'integer', (c) => c.notNull())
      .addColumn('available_quantity', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addCheckConstraint('products_stock_not_negative', sql`available_quantity >= 0`)
      .execute();

    await db.schema
      .createTable('reviews')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('product_id', 'varchar(24)', (c) => c.references('products.id').onDelete('set null'))
      .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('item_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price_cents', 'bigint', (c) => c.notNull())
      .addColumn('total_cents', 'bigint', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('user_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('phone', 'varchar(64)', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('paid_at', 'varchar(32)')
      .addColumn('transaction_id', 'varchar(255)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_user_id').on('orders').column('user_id').execute();
    await db.schema.createIndex('orders_product_id').on('orders').column('product_id').execute();

    await db.schema
      .createTable('profiles')
      .addColumn('user_id', 'varchar(24)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('user_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('phone', 'varchar(64)', (c) => c.notNull())
      .addColumn('education', 'text', (c) => c.notNull())
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('linkedinprofile', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['profiles', 'orders', 'reviews', 'products', 'sessions', 'users']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
