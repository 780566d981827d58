// The mail outbox (B2B §6): a message is a row written in the same transaction as the change that causes it, then
// delivered in the background (modules/mail). `dedupe_key` is unique, so one event never queues two messages;
// `claimed_by`/`claimed_until` are the lease one delivery run holds on a row, so two instances never send it at once.
import type { Kysely, Migration } from 'kysely';

export const mailOutboxMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('dedupe_key', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('to_address', 'varchar(320)', (c) => c.notNull())
      .addColumn('subject', 'varchar(300)', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text', (c) => c.notNull())
      .addColumn('message_id', 'varchar(300)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('claimed_by', 'varchar(64)')
      .addColumn('claimed_until', 'varchar(32)')
      .addColumn('last_error', 'text')
      .addColumn('sent_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // The delivery run's question: which queued rows are due, oldest first.
    await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('mail_outbox').execute();
  },
};
