// The audit trail (B2B §15, modules/audit): one row per change made by staff or an API key, written in that change's
// transaction and never updated or deleted. Ids are time-ordered (infra/db/ids.ts) and `at` is the id's own
// millisecond, so "newest first" is ORDER BY id DESC and a from/to range is a range of ids: every filter's index is
// (filter column, id), which answers a filtered page newest first, and its `from`/`to`, by walking one index range
// from its end (docs/product.md §35 has the figures at 1,000,000 entries).
import type { Kysely, Migration } from 'kysely';

export const auditTrailMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_entries')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .addColumn('actor_type', 'varchar(8)', (c) => c.notNull())
      .addColumn('actor_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('actor_email', 'varchar(254)')
      .addColumn('actor_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('action', 'varchar(64)', (c) => c.notNull())
      .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('target_id', 'varchar(64)')
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('changes', 'text')
      .addColumn('request_id', 'varchar(128)', (c) => c.notNull())
      .execute();
    // Not a foreign key to users or api_keys: an entry outlives the account or key that made it.
    await db.schema.createIndex('audit_entries_actor').on('audit_entries').columns(['actor_id', 'id']).execute();
    // A person's changes of one kind (the Audit page's person + action filter) without walking all of theirs.
    await db.schema
      .createIndex('audit_entries_actor_action')
      .on('audit_entries')
      .columns(['actor_id', 'action', 'id'])
      .execute();
    await db.schema.createIndex('audit_entries_action').on('audit_entries').columns(['action', 'id']).execute();
    await db.schema
      .createIndex('audit_entries_target_type')
      .on('audit_entries')
      .columns(['target_type', 'id'])
      .execute();
    await db.schema.createIndex('audit_entries_target').on('audit_entries').columns(['target_id', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_entries').execute();
  },
};
