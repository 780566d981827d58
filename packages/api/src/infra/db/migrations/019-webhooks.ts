// Webhooks (B2B §9): the endpoints admins register, the outbox of their messages (one row per event and endpoint,
// written in the same transaction as the change it reports) and the log of every delivery attempt.
// `webhook_messages.endpoint_id` has no foreign key on purpose: an order written from a snapshot of the endpoints
// taken just before an endpoint was deleted must still commit; the delivery run skips rows whose endpoint is gone.
import type { Kysely, Migration } from 'kysely';

export const webhooksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('description', 'varchar(200)')
      // JSON array of event names, or ["*"].
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('secret', 'varchar(100)', (c) => c.notNull())
      // 0/1, which reads the same on SQLite and PostgreSQL.
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      // The first failed attempt since the last delivered one; null while it delivers.
      .addColumn('failing_since', 'varchar(32)')
      .addColumn('disabled_reason', 'varchar(200)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('webhook_messages')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      // The webhook-id header: one per event, the same for every endpoint and every attempt.
      .addColumn('event_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('endpoint_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('type', 'varchar(40)', (c) => c.notNull())
      // The exact body sent on every attempt: { type, timestamp, data }.
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('claimed_by', 'varchar(64)')
      .addColumn('claimed_until', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('finished_at', 'varchar(32)')
      .execute();
    // The delivery run's question: which queued rows are due, oldest first.
    await db.schema
      .createIndex('webhook_messages_due')
      .on('webhook_messages')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema.createIndex('webhook_messages_endpoint').on('webhook_messages').column('endpoint_id').execute();

    await db.schema
      .createTable('webhook_attempts')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('endpoint_id', 'varchar(24)', (c) => c.notNull())
      .addColumn('event_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('type', 'varchar(40)', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('error', 'text')
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .addColumn('next_attempt_at', 'varchar(32)')
      .execute();
    // The delivery log's question: an endpoint's latest attempts.
    await db.schema
      .createIndex('webhook_attempts_endpoint')
      .on('webhook_attempts')
      .columns(['endpoint_id', 'id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webhook_attempts').execute();
    await db.schema.dropTable('webhook_messages').execute();
    await db.schema.dropTable('webhook_endpoints').execute();
  },
};
