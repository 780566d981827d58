// The demo catalogue seeded into an empty database (SEED_DEMO=0 skips it). One image slug per product, in this order.
import type { NewProduct } from '../modules/catalog/index.js';
import type { NewReview } from '../modules/reviews/index.js';
import { createProduct, createReview } from './factories.js';

export const DEMO_IMAGE_SLUGS = [
  'processor',
  'graphics-card',
  'motherboard',
  'memory',
  'ssd',
  'power-supply',
  'cpu-cooler',
  'case-fan',
  'network-card',
] as const;

const parts: Array<Omit<NewProduct, 'img' | 'quantity'>> = [
  {
    name: 'Kestrel K7 8-Core Desktop Processor',
    price: 189.99,
    availableQuantity: 42000,
    description:
      '8 cores / 16 threads, 3.8 GHz base and 5.1 GHz boost, 32 MB L3 cache, 65 W TDP, AM5 socket. Tray packed.',
  },
  {
    name: 'Kestrel RX 16 GB Graphics Card',
    price: 429,
    availableQuantity: 18000,
    description:
      '16 GB GDDR6 on a 256-bit bus, PCIe 4.0 x16, three DisplayPort 1.4a and one HDMI 2.1, dual-fan cooler.',
  },
  {
    name: 'Kestrel B650 ATX Motherboard',
    price: 139.5,
    availableQuantity: 25000,
    description: 'AM5 socket, four DDR5 slots up to 192 GB, two PCIe 4.0 M.2 slots, 2.5 GbE LAN, USB-C 20 Gbps header.',
  },
  {
    name: 'Kestrel 32 GB DDR5-6000 Memory Kit',
    price: 94.75,
    availableQuantity: 60000,
    description:
      '2 x 16 GB, CL30, 1.35 V, on-die ECC, low-profile aluminium heat spreaders, XMP 3.0 and EXPO profiles.',
  },
  {
    name: 'Kestrel 1 TB NVMe PCIe 4.0 SSD',
    price: 58.4,
    availableQuantity: 75000,
    description: 'M.2 2280, up to 7,000 MB/s read and 6,000 MB/s write, 600 TBW endurance, five-year warranty.',
  },
  {
    name: 'Kestrel 750 W 80 PLUS Gold Power Supply',
    price: 82,
    availableQuantity: 30000,
    description:
      'Fully modular ATX 3.1, native 12V-2x6 connector, 135 mm fluid-dynamic-bearing fan, ten-year warranty.',
  },
  {
    name: 'Kestrel Tower CPU Cooler 120',
    price: 27.9,
    availableQuantity: 50000,
    description: 'Four 6 mm copper heat pipes, one 120 mm PWM fan, rated for 180 W, mounts for AM5 and LGA1700.',
  },
  {
    name: 'Kestrel 120 mm PWM Case Fan',
    price: 6.25,
    availableQuantity: 90000,
    description: 'Hydraulic bearing, 500-1800 RPM, 62 CFM airflow at 26 dBA, 4-pin PWM connector, anti-vibration pads.',
  },
  {
    name: 'Kestrel 10GbE PCIe Network Card',
    price: 74.99,
    availableQuantity: 12000,
    description:
      'Single RJ45 port, 10/5/2.5/1 GbE, PCIe 3.0 x4, low-profile bracket included, Linux and Windows drivers.',
  },
];

/** The demo products, given each slug's image URL (the seed stores assets/demo/<slug>.png through the image pipeline). */
export const demoProducts = (imageUrls: ReadonlyMap<string, string>): NewProduct[] =>
  parts.map((part, i) => {
    const img = imageUrls.get(DEMO_IMAGE_SLUGS[i] ?? '');
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
