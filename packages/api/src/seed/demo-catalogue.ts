// The demo catalogue seeded into an empty database (SEED_DEMO=0 skips it): the parts of demo-parts.ts with their
// stored pictures, and a few reviews.
import type { NewProduct } from '../modules/catalog/index.js';
import type { NewReview } from '../modules/reviews/index.js';
import { DEMO_PARTS } from './demo-parts.js';
import { createProduct, createReview } from './factories.js';

/** The pictures the seed stores, one per part, in the list's order. */
export const DEMO_IMAGE_SLUGS: readonly string[] = DEMO_PARTS.map((part) => part.image);

/** The demo products, given each slug's image URL (the seed stores assets/demo/<slug>.png through the image pipeline). */
export const demoProducts = (imageUrls: ReadonlyMap<string, string>): NewProduct[] =>
  DEMO_PARTS.map(({ image, ...part }) => {
    const img = imageUrls.get(image);
    if (!img) throw new Error(`No demo image for ${part.name}`);
    return createProduct({ ...part, img });
  });

export const demoReviews: NewReview[] = [
  {
    name: 'Priya Raman',
    rating: 5,
    description: 'Ordered 5,000 SSDs for our laptop line; every unit passed incoming QA.',
  },
  {
    name: 'Marcus Feld',
    rating: 4,
    description: 'Good memory kits at a fair bulk price. Delivery took a day longer than quoted.',
  },
  {
    name: 'Helen Okafor',
    rating: 5,
    description: 'The 750 W supplies run quiet and cool in our workstation builds. Will reorder.',
  },
  {
    name: 'Tomás Rivera',
    rating: 5,
    description: 'Clear pricing per unit and the minimum order fits our production batches.',
  },
  {
    name: 'Aiko Tanaka',
    rating: 4,
    description: 'Motherboards arrived well packed. BIOS was one version behind, easy to update.',
  },
  {
    name: 'Daniel Brooks',
    rating: 5,
    description: 'Support answered our questions about the 10GbE cards within the hour.',
  },
].map((review) => createReview(review));
