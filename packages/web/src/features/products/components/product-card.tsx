import type { ReactNode } from 'react';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, cardVariantUrl, type Product } from '@kestrel/shared';
import { formatDollars } from '../../../lib/money';

interface ProductCardProps {
  product: Product;
  /** The first cards on a page are loaded eagerly; the rest wait until they scroll into view. */
  eager?: boolean;
  /** The card's action (purchase link, place order, delete). */
  children?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}

const quantity = new Intl.NumberFormat('en-US');

export function ProductCard({ product, eager = false, children, headingLevel = 'h3' }: ProductCardProps) {
  const Heading = headingLevel;
  return (
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <figure className="bg-base-200">
        <img
          src={cardVariantUrl(product.img)}
          alt={product.name}
          width={CARD_IMAGE_WIDTH}
          height={CARD_IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[4/3] h-auto w-full object-cover"
        />
      </figure>
      <div className="card-body gap-2 p-5">
        <Heading className="card-title text-lg">{product.name}</Heading>
        {/* SPEC.md's 'Price:$X/per unit': formatDollars gives the $ and the cents. */}
        <p className="text-lg font-semibold text-primary">Price:{formatDollars(product.price)}/per unit</p>
        <p className="text-sm leading-relaxed">{product.description}</p>
        <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
          <dt>Minimun Order Quantity</dt>
          <dd className="text-right font-semibold tabular-nums">{quantity.format(product.quantity)}</dd>
          <dt>Available Quantity</dt>
          <dd className="text-right font-semibold tabular-nums">{quantity.format(product.availableQuantity)}</dd>
        </dl>
        {children ? <div className="card-actions mt-auto justify-end pt-3">{children}</div> : null}
      </div>
    </article>
  );
}
