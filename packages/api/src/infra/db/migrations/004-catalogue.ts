// The catalogue (B2B §1-§2): SKU, category, pack size, maximum per order, price breaks and an update time on every
// product, each database's own full-text search over name and description, and the indexes behind the catalogue's
// filters and sorts. A SKU is searched by prefix on its own unique index, not in the text index: every SKU shares
// its first letters (KC-), which would make each SKU search walk every product. Existing products get a SKU made
// from their id.
import { sql, SqliteAdapter, type Kysely, type Migration } from 'kysely';

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

export const catalogueMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const columns: Array<[string, string]> = [
      ['sku', 'varchar(32)'],
      ['category', "varchar(40) NOT NULL DEFAULT 'General'"],
      ['pack_size', 'integer NOT NULL DEFAULT 1'],
      ['max_quantity', 'integer'],
      // JSON: [{ "minQuantity": 500, "priceCents": 8500 }, ...], by increasing minQuantity.
      ['price_breaks', "text NOT NULL DEFAULT '[]'"],
      ['updated_at', 'varchar(32)'],
    ];
    for (const [name, type] of columns) await sql.raw(`ALTER TABLE products ADD COLUMN ${name} ${type}`).execute(db);
    await sql`UPDATE products SET sku = 'KC-' || upper(substr(id, 13, 12)), updated_at = created_at`.execute(db);

    // Category pages and the sorts walk an index in order and stop after a page.
    for (const [name, cols] of [
      ['products_category_id', 'category, id'],
      ['products_price', 'price_cents, id'],
      ['products_category_price', 'category, price_cents, id'],
      ['products_name', 'name, id'],
      ['products_category_name', 'category, name, id'],
    ]) {
      await sql.raw(`CREATE INDEX ${name} ON products (${cols})`).execute(db);
    }

    if (isSqlite(db)) {
      await sql`CREATE UNIQUE INDEX products_sku ON products (sku)`.execute(db);
      // FTS5 over the products table's own rows (external content), kept in step by triggers that fire only when a
      // searched column changes, so the order path's stock updates never touch the index.
      await sql`CREATE VIRTUAL TABLE products_fts USING fts5(name, description, content='products',
        tokenize='unicode61 remove_diacritics 2')`.execute(db);
      await sql`CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
        INSERT INTO products_fts(rowid, name, description) VALUES (new.rowid, new.name, new.description);
      END`.execute(db);
      await sql`CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
        INSERT INTO products_fts(products_fts, rowid, name, description)
          VALUES ('delete', old.rowid, old.name, old.description);
      END`.execute(db);
      await sql`CREATE TRIGGER products_fts_update AFTER UPDATE OF name, description ON products BEGIN
        INSERT INTO products_fts(products_fts, rowid, name, description)
          VALUES ('delete', old.rowid, old.name, old.description);
        INSERT INTO products_fts(rowid, name, description) VALUES (new.rowid, new.name, new.description);
      END`.execute(db);
      await sql`INSERT INTO products_fts(products_fts) VALUES ('rebuild')`.execute(db);
      return;
    }

    await sql`ALTER TABLE products ALTER COLUMN sku SET NOT NULL`.execute(db);
    // text_pattern_ops: the same index answers a SKU's equality and its prefix (LIKE 'KC-CPU%').
    await sql`CREATE UNIQUE INDEX products_sku ON products (sku text_pattern_ops)`.execute(db);
    // A tsvector kept by a trigger that fires only when a searched column changes (a generated column would be
    // computed again on every stock update of the order path).
    await sql`ALTER TABLE products ADD COLUMN search tsvector`.execute(db);
    await sql`CREATE FUNCTION products_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- A word in the name weighs more than one in the description (ts_rank's weights A and C).
        NEW.search := setweight(to_tsvector('simple', NEW.name), 'A') || setweight(to_tsvector('simple', NEW.description), 'C');
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER products_search BEFORE INSERT OR UPDATE OF name, description ON products
      FOR EACH ROW EXECUTE FUNCTION products_search_vector()`.execute(db);
    await sql`UPDATE products SET name = name`.execute(db);
    await sql`CREATE INDEX products_search_index ON products USING gin (search)`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    if (isSqlite(db)) {
      await sql`DROP TABLE products_fts`.execute(db);
    } else {
      await sql`DROP TRIGGER products_search ON products`.execute(db);
      await sql`DROP FUNCTION products_search_vector`.execute(db);
    }
  },
};
