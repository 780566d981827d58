// Outbox rows keep what a message says, its kind and data as JSON, instead of its rendered bodies: the "order placed"
// message is written with every order, and a few hundred bytes of data cost that write a quarter of what 5-6 kB of
// text and HTML did (bench/results/history.md). Delivery renders the bodies from the data (modules/mail/templates). The
// subject stays rendered, so the table still reads as a list of messages. Nothing was queued before this migration
// (the lifecycle that sends mail arrives with it), so no row loses its bodies.
import type { Kysely, Migration } from 'kysely';

export const mailContentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('mail_outbox')
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('mail_outbox').dropColumn('text_body').execute();
    await db.schema.alterTable('mail_outbox').dropColumn('html_body').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema
      .alterTable('mail_outbox')
      .addColumn('text_body', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('mail_outbox')
      .addColumn('html_body', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('mail_outbox').dropColumn('content').execute();
  },
};
