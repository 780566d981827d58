// Issue #24: FTS5 answered a short prefix (`ca*`) by merging the lists of every indexed word that starts with it, at
// each query. A prefix index of two and three characters stores those merged lists once, at write time; the search
// matches a one-character word whole (docs/product.md §1), so no shorter prefix is asked for. The external-content
// table is created again with the option and rebuilt from `products` (its triggers keep naming the same table).
// PostgreSQL needs nothing: a tsquery prefix walks the GIN index's sorted keys.
import { sql, SqliteAdapter, type Kysely, type Migration } from 'kysely';

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

async function recreate(db: Kysely<unknown>, options: string) {
  await sql`DROP TABLE products_fts`.execute(db);
  await sql
    .raw(`CREATE VIRTUAL TABLE products_fts USING fts5(name, description, content='products', ${options})`)
    .execute(db);
  await sql`INSERT INTO products_fts(products_fts) VALUES ('rebuild')`.execute(db);
}

export const searchPrefixesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (isSqlite(db)) await recreate(db, `tokenize='unicode61 remove_diacritics 2', prefix='2 3'`);
  },
  async down(db: Kysely<unknown>) {
    if (isSqlite(db)) await recreate(db, `tokenize='unicode61 remove_diacritics 2'`);
  },
};
