// Factories of product and review inputs: the demo catalogue and the tests build their records with these,
// so every record is made the way the API would make it.
import { NEW_PRODUCT_AVAILABLE_QUANTITY, NEW_PRODUCT_MIN_QUANTITY } from '@kestrel/shared';
import type { NewProduct } from '../modules/catalog/index.js';
import type { NewReview } from '../modules/reviews/index.js';

export function createProduct(overrides: Partial<NewProduct> = {}): NewProduct {
  return {
    name: 'Test Part',
    price: 12.5,
    description: 'A part made for tests.',
    img: '/api/images/demo/processor.png',
    quantity: NEW_PRODUCT_MIN_QUANTITY,
    availableQuantity: NEW_PRODUCT_AVAILABLE_QUANTITY,
    ...overrides,
  };
}

export function createReview(overrides: Partial<NewReview> = {}): NewReview {
  return {
    name: 'Test Buyer',
    rating: 5,
    description: 'Arrived on time and as described.',
    ...overrides,
  };
}
