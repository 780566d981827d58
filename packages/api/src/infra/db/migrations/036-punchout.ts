// Punch-out (B2B §17, modules/punchout). A connection ties a procurement system to one company and the member its
// sessions act as; its shared secret is kept only as a SHA-256 (32 random bytes: a fast hash is enough, as for API
// keys). A visit is one punch-out: the start token's hash (single use, 5 minutes), the return address and the
// BuyerCookie the transfer echoes, and the session it became. punchout_orders makes an OrderRequest's orderID place
// one order per connection: its primary key refuses the second claim, even at the same moment. sessions.punchout_id
// marks a punch-out session (it may not order); orders.source tells a punch-out order from the others ('web').
import { sql, type Kysely, type Migration } from 'kysely';

export const punchoutMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('punchout_connections')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('protocol', 'varchar(8)', (c) => c.notNull())
      .addColumn('company_id', 'varchar(24)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The cXML From/Sender identity; null for OCI, which names the connection in its address instead.
      .addColumn('identity', 'varchar(200)')
      .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by', 'varchar(24)', (c) => c.notNull())
      .execute();
    // The setup request finds its connection by the identity; nulls (OCI) never collide on either database.
    await db.schema
      .createIndex('punchout_connections_identity')
      .unique()
      .on('punchout_connections')
      .column('identity')
      .execute();

    await db.schema
      .createTable('punchout_visits')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('connection_id', 'varchar(24)', (c) =>
        c.notNull().references('punchout_connections.id').onDelete('cascade'),
      )
      .addColumn('start_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('start_expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('buyer_cookie', 'text')
      .addColumn('return_url', 'text', (c) => c.notNull())
      .addColumn('target', 'varchar(100)')
      // operation="edit": the ItemOut lines (JSON [{ sku, quantity }]) the cart is filled with when the session starts.
      .addColumn('cart_lines', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('started_at', 'varchar(32)')
      .addColumn('session_id', 'varchar(24)')
      .addColumn('ended_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('punchout_visits_connection').on('punchout_visits').column('connection_id').execute();

    await db.schema
      .createTable('punchout_orders')
      .addColumn('connection_id', 'varchar(24)', (c) =>
        c.notNull().references('punchout_connections.id').onDelete('cascade'),
      )
      .addColumn('order_ref', 'varchar(100)', (c) => c.notNull())
      // Not a foreign key: the order answered again is looked up, and a deleted order must not free its orderID.
      .addColumn('order_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('punchout_orders_pk', ['connection_id', 'order_ref'])
      .execute();

    // No foreign key to punchout_visits: a deleted connection must not turn its sessions into ordinary ones (they are
    // revoked with it instead).
    await db.schema.alterTable('sessions').addColumn('punchout_id', 'varchar(24)').execute();
    await db.schema
      .alterTable('orders')
      .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo(sql`'web'`))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('source').execute();
    await db.schema.alterTable('sessions').dropColumn('punchout_id').execute();
    await db.schema.dropTable('punchout_orders').execute();
    await db.schema.dropTable('punchout_visits').execute();
    await db.schema.dropTable('punchout_connections').execute();
  },
};
