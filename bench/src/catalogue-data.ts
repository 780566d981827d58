// A generated catalogue for the growth and catalog parts: the demo's 8 categories, products in series of
// SERIES_SIZE (a real catalogue grows by adding series, not by repeating one word), so a series' name and its SKU
// block match the same number of products at 100 or 100,000 products. Product i is the same row at every size (a
// hash of i picks its specs), so the catalogues only differ by how many series they hold. The rows go straight into
// a database the server has migrated: the search indexes are kept by the migration's own triggers (SQLite's FTS5
// table by AFTER INSERT triggers, PostgreSQL's `search` tsvector by a BEFORE INSERT trigger), never by the bench.
import Database from 'better-sqlite3';
import pg from 'pg';

/** The catalogue sizes of the growth and catalog parts (demo catalogue included). */
export const CATALOGUE_SIZES = [100, 10_000, 100_000] as const;
/** Products per series: every series has one kind, one name word and one block of 100 SKU numbers. */
export const SERIES_SIZE = 30;
/** SKU numbers: KC-<KIND>-<SKU_BASE + 100 * (the series' rank within its kind) + its place in the series>. */
const SKU_BASE = 50_000;

const KINDS = [
  { code: 'CPU', category: 'Processors' },
  { code: 'GPU', category: 'Graphics cards' },
  { code: 'MB', category: 'Motherboards' },
  { code: 'MEM', category: 'Memory' },
  { code: 'SSD', category: 'Storage' },
  { code: 'PSU', category: 'Power supplies' },
  { code: 'COOL', category: 'Cooling' },
  { code: 'NIC', category: 'Networking' },
] as const;

// Series names: three consonant-vowel syllables (14 x 5 letters, so 343,000 names of exactly six letters: none is a
// prefix of another, and the search matches words by prefix). Series s takes name number FIRST + 7919 s (mod
// 343,000; 7919 is prime to it, so no name repeats), which makes series 0 "Ravelo".
const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';
const SYLLABLES = CONSONANTS.length * VOWELS.length;
const NAMES = SYLLABLES ** 3;

function nameNumber(word: string): number {
  let n = 0;
  for (let i = 0; i < 6; i += 2) {
    n = n * SYLLABLES + CONSONANTS.indexOf(word[i] ?? '') * VOWELS.length + VOWELS.indexOf(word[i + 1] ?? '');
  }
  return n;
}

const FIRST = nameNumber('ravelo');

export function seriesName(series: number): string {
  let n = (FIRST + 7919 * series) % NAMES;
  let word = '';
  for (let i = 0; i < 3; i += 1) {
    const syllable = n % SYLLABLES;
    n = Math.floor(n / SYLLABLES);
    word = `${CONSONANTS[Math.floor(syllable / VOWELS.length)] ?? ''}${VOWELS[syllable % VOWELS.length] ?? ''}${word}`;
  }
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** What the catalog part searches for; each matches exactly the generated products of series 0 (30 processors). */
export const CATALOG_SEARCHES = {
  /** One word: the name of series 0. */
  word: seriesName(0).toLowerCase(),
  /** The SKU block of series 0: KC-CPU-50000 ... KC-CPU-50029 (the next processor series starts at 50100). */
  skuPrefix: `KC-CPU-${Math.floor(SKU_BASE / 100)}`,
  /** The category page: no search, newest first, with the facets. */
  category: 'Processors',
} as const;

/** How many generated products (of `generated`) belong to series 0, which both searches should find. */
export const firstSeriesCount = (generated: number) => Math.min(SERIES_SIZE, generated);

// Deterministic spec choices: a 32-bit hash of (product, field), so product i never depends on the catalogue size.
function hash(i: number, salt: number): number {
  let x = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

function pickFrom<T>(list: readonly T[], i: number, salt: number): T {
  const value = list[hash(i, salt) % list.length];
  if (value === undefined) throw new Error('empty list');
  return value;
}

interface Text {
  name: string;
  description: string;
  /** Dollars before the variant's spread. */
  basePrice: number;
}

// Names and descriptions per kind, in the demo catalogue's style. The search matches every word of the query as a
// prefix of any word of name, description or SKU, so KC-CPU-500 finds "kc", "cpu" and "500..." anywhere: no number
// in these texts starts with 500, and no kind but the processors says "CPU" (a "CPU Cooler" with SKU KC-COOL-50012
// would match), so it finds only the SKU block it is meant to.
function textOf(kind: (typeof KINDS)[number]['code'], series: string, i: number): Text {
  const p = <T>(list: readonly T[], salt: number) => pickFrom(list, i, salt);
  switch (kind) {
    case 'CPU': {
      const cores = p([4, 6, 8, 12, 16, 24, 32], 1);
      const segment = p(['Desktop', 'Workstation', 'Server', 'Embedded'], 2);
      return {
        name: `${series} ${p(['3', '5', '7', '9'], 3)} ${cores}-Core ${segment} Processor`,
        description: `${cores} cores / ${cores * 2} threads, ${p(['3.2', '3.6', '3.8', '4.1'], 4)} GHz base and ${p(['4.6', '4.9', '5.1', '5.4'], 5)} GHz boost, ${p([16, 32, 64, 128], 6)} MB L3 cache, ${p([35, 65, 105, 120, 170], 7)} W TDP, ${p(['AM5', 'LGA1700', 'SP6'], 8)} socket. ${p(['Tray packed.', 'Boxed with cooler.', 'Boxed, no cooler.'], 9)}`,
        basePrice: 60 + cores * 18,
      };
    }
    case 'GPU': {
      const memory = p([8, 12, 16, 20, 24, 48], 1);
      return {
        name: `${series} ${p(['RX', 'GT', 'WX'], 2)} ${p([6600, 7600, 7700, 7800, 7900], 3)} ${memory} GB Graphics Card`,
        description: `${memory} GB GDDR6 on a ${p([128, 192, 256, 384], 4)}-bit bus, ${p([2048, 3840, 4096, 6144], 5)} shaders, ${p([160, 220, 263, 355], 6)} W board power, ${p(['dual', 'triple'], 7)}-fan cooler, ${p(['3x DisplayPort 2.1 and 1x HDMI 2.1', '4x mini DisplayPort', '2x DisplayPort and 2x HDMI'], 8)}.`,
        basePrice: 180 + memory * 22,
      };
    }
    case 'MB': {
      const form = p(['ATX', 'Micro-ATX', 'Mini-ITX', 'E-ATX'], 2);
      return {
        name: `${series} ${p(['B650', 'X670E', 'A620', 'B760', 'Z790'], 1)} ${form} Motherboard`,
        description: `${p(['AM5', 'LGA1700'], 3)} socket, ${p([2, 4], 4)} DDR5 slots up to ${p([96, 128, 192], 5)} GB, ${p([2, 3, 4], 6)} M.2 slots, ${p(['2.5 GbE', '10 GbE', '1 GbE'], 7)} Ethernet, ${p(['Wi-Fi 6E', 'Wi-Fi 7', 'no wireless'], 8)}, ${form} form factor.`,
        basePrice: p([119, 149, 189, 249, 329], 9),
      };
    }
    case 'MEM': {
      const size = p([16, 32, 48, 64, 96], 2);
      return {
        name: `${series} DDR5-${p([4800, 5600, 6000, 6400], 1)} ${size} GB ${p(['Desktop', 'Registered ECC', 'SO-DIMM'], 3)} Kit`,
        description: `${p([1, 2, 4], 4)} modules, CL${p([30, 36, 40, 46], 5)}, ${p(['1.10', '1.25', '1.35'], 6)} V, ${p(['heat spreader', 'bare PCB', 'low-profile heat spreader'], 7)}, lifetime warranty. Sold per kit.`,
        basePrice: 20 + size * 3,
      };
    }
    case 'SSD': {
      const capacity = p(['512 GB', '1 TB', '2 TB', '4 TB', '8 TB'], 1);
      return {
        name: `${series} ${capacity} NVMe ${p(['M.2 2280', 'M.2 2230', 'U.2'], 2)} SSD`,
        description: `PCIe ${p([3, 4, 5], 3)}.0 x4, ${p([3500, 4800, 7000, 7400, 12000], 4)} MB/s read, ${p([3000, 4200, 6500, 6900, 11000], 5)} MB/s write, ${p([300, 600, 1200, 2400], 6)} TBW endurance, ${p([3, 5], 7)}-year warranty.`,
        basePrice: p([39, 69, 119, 229, 449], 8),
      };
    }
    case 'PSU': {
      const watts = p([550, 650, 750, 850, 1000, 1200, 1600], 1);
      return {
        name: `${series} ${watts} W ${p(['80 Plus Gold', '80 Plus Platinum', '80 Plus Titanium'], 2)} Power Supply`,
        description: `${p(['Fully modular', 'Semi-modular', 'Non-modular'], 3)}, ${p([120, 135, 140], 4)} mm fluid-bearing fan, ${p([2, 3, 4, 6], 5)} PCIe connectors, ${p(['ATX 3.1', 'SFX', 'SFX-L'], 6)}, ${p([7, 10, 12], 7)}-year warranty.`,
        basePrice: 40 + watts / 6,
      };
    }
    case 'COOL': {
      const size = p([92, 120, 140, 240, 280, 360], 1);
      return {
        name: `${series} ${size} mm ${p(['Tower Air', 'AIO Liquid', 'Low-Profile'], 2)} Cooler`,
        description: `${p([1, 2, 3], 3)} x ${p([92, 120, 140], 4)} mm PWM fans, ${p([18, 22, 26, 31], 5)} dBA at full speed, ${p([95, 150, 220, 280], 6)} W cooling capacity, AM5 and LGA1700 mounting, thermal paste pre-applied.`,
        basePrice: 18 + size / 4,
      };
    }
    case 'NIC': {
      const speed = p(['2.5 GbE', '10 GbE', '25 GbE', '100 GbE'], 1);
      return {
        name: `${series} ${speed} ${p([1, 2, 4], 2)}-Port Network Adapter`,
        description: `PCIe ${p([3, 4], 3)}.0 x${p([1, 4, 8, 16], 4)}, ${p(['RJ45', 'SFP28', 'SFP+', 'QSFP28'], 5)} ports, ${p(['Intel', 'Broadcom', 'Realtek', 'Mellanox'], 6)} controller, low-profile bracket included.`,
        basePrice: p([29, 89, 219, 489], 7),
      };
    }
  }
}

/** The products table's columns, in insert order (PostgreSQL's `search` is left to its trigger). */
export const PRODUCT_COLUMNS = [
  'id',
  'name',
  'price_cents',
  'img',
  'min_quantity',
  'available_quantity',
  'description',
  'created_at',
  'sku',
  'category',
  'pack_size',
  'max_quantity',
  'price_breaks',
  'updated_at',
] as const;

type ProductValues = [
  id: string,
  name: string,
  priceCents: number,
  img: string,
  minQuantity: number,
  availableQuantity: number,
  description: string,
  createdAt: string,
  sku: string,
  category: string,
  packSize: number,
  maxQuantity: number | null,
  priceBreaks: string,
  updatedAt: string,
];

/** Older, time-ordered ids (2020) so the home page still shows the demo catalogue's newest three. */
function generatedId(i: number): string {
  return (Date.UTC(2020, 0, 1) + i).toString(16).padStart(12, '0') + i.toString(16).padStart(12, '0');
}

/** Generated product i (0-based), as the values of PRODUCT_COLUMNS. */
export function productValues(i: number): ProductValues {
  const series = Math.floor(i / SERIES_SIZE);
  const place = i % SERIES_SIZE;
  const kind = KINDS[series % KINDS.length] ?? KINDS[0];
  const text = textOf(kind.code, seriesName(series), i);
  // The base price give or take $10, ending in .99.
  const priceCents = Math.floor((text.basePrice * 100 + (hash(i, 20) % 2000) - 1000) / 100) * 100 + 99;
  const packSize = pickFrom([1, 1, 5, 10, 25, 50], i, 21);
  const minQuantity = packSize * pickFrom([20, 40, 100], i, 22);
  const breaks = pickFrom([0, 1, 2], i, 23);
  const priceBreaks = Array.from({ length: breaks }, (_, b) => ({
    minQuantity: minQuantity * (b + 2) * 2,
    priceCents: priceCents - Math.max(1, Math.round(priceCents * 0.03 * (b + 1))),
  }));
  const at = new Date(Date.UTC(2020, 0, 1) + i).toISOString();
  return [
    generatedId(i),
    text.name,
    priceCents,
    '/bench-part.png',
    minQuantity,
    10_000 + (hash(i, 24) % 40_000),
    text.description,
    at,
    `KC-${kind.code}-${SKU_BASE + 100 * Math.floor(series / KINDS.length) + place}`,
    kind.category,
    packSize,
    hash(i, 25) % 3 === 0 ? minQuantity * 50 : null,
    JSON.stringify(priceBreaks),
    at,
  ];
}

function unknownColumns(present: string[], alsoKnown: string[] = []): void {
  const known: readonly string[] = [...PRODUCT_COLUMNS, ...alsoKnown];
  const unknown = present.filter((c) => !known.includes(c));
  if (unknown.length) throw new Error(`products has columns the bench does not fill: ${unknown.join(', ')}`);
}

/**
 * Tops a migrated SQLite database's products up to `total` rows in one transaction (the FTS5 triggers index each
 * row). Answers how many rows the bench generated (the rest are the demo catalogue's).
 */
export function fillSqlite(file: string, total: number): number {
  const db = new Database(file);
  try {
    unknownColumns(
      db
        .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('products')`)
        .all()
        .map((c) => c.name),
    );
    const { n } = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM products').get() ?? { n: 0 };
    const insert = db.prepare(
      `INSERT INTO products (${PRODUCT_COLUMNS.join(', ')}) VALUES (${PRODUCT_COLUMNS.map(() => '?').join(', ')})`,
    );
    const generated = Math.max(0, total - n);
    db.transaction(() => {
      for (let i = 0; i < generated; i += 1) insert.run(...productValues(i));
    })();
    return generated;
  } finally {
    db.close();
  }
}

const PG_TYPES: Record<(typeof PRODUCT_COLUMNS)[number], string> = {
  id: 'text',
  name: 'text',
  price_cents: 'bigint',
  img: 'text',
  min_quantity: 'integer',
  available_quantity: 'integer',
  description: 'text',
  created_at: 'text',
  sku: 'text',
  category: 'text',
  pack_size: 'integer',
  max_quantity: 'integer',
  price_breaks: 'text',
  updated_at: 'text',
};

/**
 * The same on PostgreSQL: batches of INSERT ... SELECT FROM unnest(arrays) in one transaction (the BEFORE INSERT
 * trigger fills each row's `search` vector, and the GIN index takes it), then VACUUM ANALYZE, which autovacuum would
 * do shortly after such a load (statistics for the planner, the GIN pending list merged). Answers the rows generated;
 * throws if any row was left without a search vector.
 */
export async function fillPostgres(url: string, total: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: columns } = await client.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'products'`,
    );
    unknownColumns(
      columns.map((c) => c.column_name),
      ['search'],
    );
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM products');
    const generated = Math.max(0, total - Number(rows[0]?.n ?? 0));
    const unnest = PRODUCT_COLUMNS.map((c, k) => `$${k + 1}::${PG_TYPES[c]}[]`).join(', ');
    const statement = `INSERT INTO products (${PRODUCT_COLUMNS.join(', ')}) SELECT * FROM unnest(${unnest})`;
    await client.query('BEGIN');
    for (let from = 0; from < generated; from += 5000) {
      const arrays: unknown[][] = PRODUCT_COLUMNS.map(() => []);
      for (let i = from; i < Math.min(generated, from + 5000); i += 1) {
        for (const [k, value] of productValues(i).entries()) arrays[k]?.push(value);
      }
      await client.query(statement, arrays);
    }
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE products');
    const { rows: missing } = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM products WHERE search IS NULL',
    );
    if (Number(missing[0]?.n) > 0) throw new Error(`${missing[0]?.n} products have no search vector after the fill`);
    return generated;
  } finally {
    await client.end();
  }
}
