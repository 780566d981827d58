// B2B §12, issue #49: where goods go. A company's locations (one of them its default), which of them a member may
// order to (company_members.location_ids: a JSON array of ids, null for all), a person's address book (one default
// entry), and on every order the copy of its ship-to address as it was at placement: eight ship_to_* columns that a
// later edit or deletion of the location or entry never touches (so no foreign key on ship_to_location_id).
import { sql, SqliteAdapter, type Kysely, type Migration } from 'kysely';

const SHIP_TO_COLUMNS = [
  'ship_to_location_id varchar(24)',
  'ship_to_name varchar(100)',
  'ship_to_line1 varchar(100)',
  'ship_to_line2 varchar(100)',
  'ship_to_city varchar(100)',
  'ship_to_postal_code varchar(16)',
  'ship_to_region varchar(100)',
  'ship_to_country varchar(2)',
];

export const shipToMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['company_locations', 'address_book_entries'] as const) {
      await db.schema
        .createTable(table)
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn(table === 'company_locations' ? 'company_id' : 'user_id', 'varchar(24)', (c) =>
          c
            .notNull()
            .references(table === 'company_locations' ? 'companies.id' : 'users.id')
            .onDelete('cascade'),
        )
        .addColumn(table === 'company_locations' ? 'name' : 'label', 'varchar(100)', (c) => c.notNull())
        .addColumn('address_name', 'varchar(100)')
        .addColumn('line1', 'varchar(100)', (c) => c.notNull())
        .addColumn('line2', 'varchar(100)')
        .addColumn('city', 'varchar(100)', (c) => c.notNull())
        .addColumn('postal_code', 'varchar(16)', (c) => c.notNull())
        .addColumn('region', 'varchar(100)')
        .addColumn('country', 'varchar(2)', (c) => c.notNull())
        .addColumn('phone', 'varchar(40)')
        // 0 or 1 (an integer on both databases: better-sqlite3 binds no booleans).
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      const owner = table === 'company_locations' ? 'company_id' : 'user_id';
      // The list of one owner in creation order, and its count against the limit.
      await db.schema.createIndex(`${table}_owner`).on(table).columns([owner, 'id']).execute();
    }
    await sql`ALTER TABLE company_members ADD COLUMN location_ids text`.execute(db);
    for (const column of SHIP_TO_COLUMNS) await sql.raw(`ALTER TABLE orders ADD COLUMN ${column}`).execute(db);
    // The order desk's `q` matches the start of the location name copied on the order (as it does the customer's
    // name, migration 016): an expression index, partial to the orders that have a location.
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    await sql
      .raw(
        `CREATE INDEX orders_ship_to_name_lower ON orders (lower(ship_to_name)${sqlite ? '' : ' text_pattern_ops'}) WHERE ship_to_location_id IS NOT NULL`,
      )
      .execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`DROP INDEX orders_ship_to_name_lower`.execute(db);
    for (const column of [...SHIP_TO_COLUMNS].reverse()) {
      await sql.raw(`ALTER TABLE orders DROP COLUMN ${column.split(' ')[0] ?? ''}`).execute(db);
    }
    await sql`ALTER TABLE company_members DROP COLUMN location_ids`.execute(db);
    await db.schema.dropTable('address_book_entries').execute();
    await db.schema.dropTable('company_locations').execute();
  },
};
