// Every order insert writes an entry into each index of orders (18 of them by migration 021). Four index columns
// that a new card order leaves empty (its invoice number, credit-note number, company and payment time) now index
// only the rows that have a value: every query on them names a value or says IS NOT NULL, so each still finds its
// index, and uniqueness of the two numbers is unchanged (NULLs never collided). orders_user_id repeated the first
// column of orders_user_id_id (016), which serves the same lookups and the users foreign key. On the SQLite write
// alone this measured -9% CPU per order (bench/results/history.md, "The order path's indexes").
import { sql, type Kysely, type Migration } from 'kysely';

export const orderWriteIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`DROP INDEX orders_user_id`.execute(db);
    await sql`DROP INDEX orders_invoice_number`.execute(db);
    await sql`CREATE UNIQUE INDEX orders_invoice_number ON orders (invoice_number) WHERE invoice_number IS NOT NULL`.execute(
      db,
    );
    await sql`DROP INDEX orders_credit_note_number`.execute(db);
    await sql`CREATE UNIQUE INDEX orders_credit_note_number ON orders (credit_note_number)
      WHERE credit_note_number IS NOT NULL`.execute(db);
    await sql`DROP INDEX orders_company_created`.execute(db);
    await sql`CREATE INDEX orders_company_created ON orders (company_id, created_at) WHERE company_id IS NOT NULL`.execute(
      db,
    );
    await sql`DROP INDEX orders_paid_kept`.execute(db);
    await sql`CREATE INDEX orders_paid_kept ON orders (paid_at, status, refunded_at, total_cents, id)
      WHERE paid_at IS NOT NULL`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`DROP INDEX orders_paid_kept`.execute(db);
    await sql`CREATE INDEX orders_paid_kept ON orders (paid_at, status, refunded_at, total_cents, id)`.execute(db);
    await sql`DROP INDEX orders_company_created`.execute(db);
    await sql`CREATE INDEX orders_company_created ON orders (company_id, created_at)`.execute(db);
    await sql`DROP INDEX orders_credit_note_number`.execute(db);
    await sql`CREATE UNIQUE INDEX orders_credit_note_number ON orders (credit_note_number)`.execute(db);
    await sql`DROP INDEX orders_invoice_number`.execute(db);
    await sql`CREATE UNIQUE INDEX orders_invoice_number ON orders (invoice_number)`.execute(db);
    await sql`CREATE INDEX orders_user_id ON orders (user_id)`.execute(db);
  },
};
