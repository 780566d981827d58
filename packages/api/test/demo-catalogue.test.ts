// The demo catalogue is a real B2B range (B2B §1-§2): every part passes the rules the API holds an admin's product to,
// and every part has its own picture, drawn by assets/demo/generate.mjs.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { productCreateSchema, productTermsProblem, SKU_PATTERN } from '@kestrel/shared';
import { DEMO_IMAGE_SLUGS, demoProducts } from '../src/seed/demo-catalogue.js';
import { DEMO_CATEGORIES, DEMO_PARTS } from '../src/seed/demo-parts.js';

const ASSETS_DIR = fileURLToPath(new URL('../assets/demo/', import.meta.url));
const imageUrls = new Map(DEMO_IMAGE_SLUGS.map((slug) => [slug, `/api/images/demo/${slug}.png`]));

describe('demo catalogue', () => {
  it('is a range of 30 parts in all eight categories, with pack sizes, limits and volume prices on some', () => {
    expect(DEMO_PARTS).toHaveLength(30);
    expect(new Set(DEMO_PARTS.map((p) => p.sku)).size).toBe(30);
    expect(new Set(DEMO_PARTS.map((p) => p.name)).size).toBe(30);
    expect(new Set(DEMO_PARTS.map((p) => p.category))).toEqual(new Set(DEMO_CATEGORIES));
    expect(DEMO_CATEGORIES).toHaveLength(8);
    expect(DEMO_PARTS.filter((p) => (p.priceBreaks ?? []).length > 0)).toHaveLength(17);
    expect(DEMO_PARTS.filter((p) => p.maxQuantity !== undefined)).toHaveLength(8);
    expect(DEMO_PARTS.filter((p) => p.packSize > 1)).toHaveLength(16);
  });

  it.each(DEMO_PARTS.map((part) => [part.sku, part] as const))('%s keeps B2B §2 terms', (sku, part) => {
    expect(sku).toMatch(SKU_PATTERN);
    expect(
      productTermsProblem({
        price: part.price,
        quantity: part.quantity,
        packSize: part.packSize,
        maxQuantity: part.maxQuantity ?? null,
        priceBreaks: part.priceBreaks ?? [],
      }),
    ).toBeNull();
    const breaks = part.priceBreaks ?? [];
    expect(breaks.length).toBeLessThanOrEqual(10);
    // Every limit and break is a whole number of packs, so a buyer can order exactly it.
    for (const limit of [part.quantity, part.maxQuantity ?? part.packSize, ...breaks.map((b) => b.minQuantity)]) {
      expect(limit % part.packSize).toBe(0);
    }
    for (const price of [part.price, ...breaks.map((b) => b.price)]) expect(Math.round(price * 100) / 100).toBe(price);
    // PRODUCT.md: every demo part's minimum is 1000 (SPEC's 'minimum order 1000 pc'); stock for several such orders,
    // and for the largest order and break.
    expect(part.quantity).toBe(1000);
    expect(part.availableQuantity).toBeGreaterThanOrEqual(4 * part.quantity);
    expect(part.availableQuantity).toBeGreaterThan(
      Math.max(part.maxQuantity ?? 0, ...breaks.map((b) => b.minQuantity)),
    );
  });

  it('builds products the create call accepts, each pointing at its own picture', () => {
    const products = demoProducts(imageUrls);
    expect(products).toHaveLength(30);
    for (const product of products) expect(productCreateSchema.safeParse(product).error).toBeUndefined();
    expect(new Set(products.map((p) => p.img)).size).toBe(30);
    expect(() => demoProducts(new Map())).toThrow('No demo image for Kestrel K7 8-Core Desktop Processor');
  });

  it('keeps both ends of the list the journeys and the home page rely on', () => {
    // The oldest product: journeys order 1200 and 1500 of it at its base price, below a minimum of 1000 refused.
    expect(DEMO_PARTS[0]).toMatchObject({
      sku: 'KC-CPU-K7',
      name: 'Kestrel K7 8-Core Desktop Processor',
      price: 189.99,
      quantity: 1000,
      packSize: 1,
    });
    expect(DEMO_PARTS[0]?.maxQuantity).toBeUndefined();
    expect(DEMO_PARTS[0]?.priceBreaks?.[0]?.minQuantity).toBe(5000);
    // The home page's three newest.
    expect(DEMO_PARTS.slice(-3).map((p) => [p.name, p.price, p.quantity])).toEqual([
      ['Kestrel Tower CPU Cooler 120', 27.9, 1000],
      ['Kestrel 120 mm PWM Case Fan', 6.25, 1000],
      ['Kestrel 10GbE PCIe Network Card', 74.99, 1000],
    ]);
  });

  it('has one distinct 1200x900 PNG under 60 KB per part, and no picture without a part', async () => {
    expect(new Set(DEMO_IMAGE_SLUGS).size).toBe(30);
    const files = (await readdir(ASSETS_DIR)).filter((f) => f.endsWith('.png')).sort();
    expect(files).toEqual(DEMO_IMAGE_SLUGS.map((slug) => `${slug}.png`).sort());
    const hashes = new Set<string>();
    for (const slug of DEMO_IMAGE_SLUGS) {
      const png = await readFile(`${ASSETS_DIR}${slug}.png`);
      expect(png.length, slug).toBeLessThan(60 * 1024);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 900]);
      hashes.add(createHash('sha256').update(png).digest('hex'));
    }
    expect(hashes.size).toBe(30);
  });
});
