// B2B §13, issue #50: tax. The admin's rate table (replaced whole by PUT /api/admin/tax-rates: `position` keeps the
// order it was sent in; the unique index is the one-row-per-country-and-region rule, region '' standing for none, so
// both databases compare it as a value); a company's tax exemption and its certificate id; and on every order the tax
// as it was decided at placement, so a later change of the table leaves placed orders as they were. Rates are kept in
// thousandths of a percent (8.875% is 8875): the tax is integer arithmetic on cents. The order columns default to "no
// tax" so the hot order writes, which leave them out, place untaxed orders exactly as before.
import { sql, type Kysely, type Migration } from 'kysely';

export const taxMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tax_rates')
      .addColumn('position', 'integer', (c) => c.primaryKey())
      .addColumn('country', 'varchar(2)', (c) => c.notNull())
      .addColumn('region', 'varchar(8)', (c) => c.notNull().defaultTo(sql`''`))
      .addColumn('rate_milli', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tax_rates_place').unique().on('tax_rates').columns(['country', 'region']).execute();

    await db.schema
      .alterTable('companies')
      .addColumn('tax_exempt', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('companies').addColumn('tax_exemption_id', 'varchar(40)').execute();

    await db.schema
      .alterTable('orders')
      .addColumn('tax_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('tax_rate_milli', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('orders').addColumn('tax_name', 'varchar(40)').execute();
    await db.schema
      .alterTable('orders')
      .addColumn('reverse_charge', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('orders').addColumn('tax_exemption_id', 'varchar(40)').execute();
    // The country whose rate applied (orders.csv's `country`); null: the shop's country at placement, unrecorded by
    // the hot writes, which place only untaxed orders.
    await db.schema.alterTable('orders').addColumn('tax_country', 'varchar(2)').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const column of [
      'tax_country',
      'tax_exemption_id',
      'reverse_charge',
      'tax_name',
      'tax_rate_milli',
      'tax_cents',
    ]) {
      await db.schema.alterTable('orders').dropColumn(column).execute();
    }
    await db.schema.alterTable('companies').dropColumn('tax_exemption_id').execute();
    await db.schema.alterTable('companies').dropColumn('tax_exempt').execute();
    await db.schema.dropTable('tax_rates').execute();
  },
};
