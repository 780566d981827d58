import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, cardVariantUrl, type Product } from '@kestrel/shared';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';
import { lowerVolumePrice, priceAtMinimumCents } from '../product-price';
import { YourPrice } from '../../../components/ui/your-price';

/**
 * One product in the catalogue's results. The name is the card's one link (to the public product page) and stretches over
 * the whole card, so the picture is clickable too without a second tab stop. `action` (the app's 'Add to cart') sits
 * at the foot of the card, above that stretched link so its field and button take their own clicks.
 */
export function CatalogCard({ product, eager, action }: { product: Product; eager: boolean; action?: ReactNode }) {
  const soldOut = product.availableQuantity < product.quantity;
  // The headline is what the minimum order costs this reader per unit; a lower volume price below, if there is one.
  const lower = lowerVolumePrice(product);
  return (
    <article className="relative flex h-full flex-col rounded-box border border-base-300 bg-base-100 shadow-sm">
      <div className="flex gap-3 p-3 sm:flex-col sm:gap-0 sm:p-0">
        <img
          src={cardVariantUrl(product.img)}
          alt=""
          width={CARD_IMAGE_WIDTH}
          height={CARD_IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[4/3] h-auto w-28 shrink-0 self-start rounded-field bg-base-200 object-cover sm:w-full sm:rounded-b-none"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:p-4">
          <p className="text-xs font-semibold uppercase tracking-wide">{product.category}</p>
          <h3 className="text-base font-semibold leading-snug">
            <Link
              to={`/products/${product._id}`}
              className="link link-hover after:absolute after:inset-0 after:content-['']"
            >
              {product.name}
            </Link>
          </h3>
          <p className="font-mono text-xs">SKU {product.sku}</p>
          <p className="mt-1 text-lg font-semibold text-primary">
            {formatDollars(priceAtMinimumCents(product) / 100)}
            <span className="text-sm font-normal text-base-content"> per unit</span>
          </p>
          <YourPrice listPrice={product.price} contractPrice={product.contractPrice} />
          {lower ? (
            <p className="text-sm">
              down to {formatDollars(lower.priceCents / 100)} from {formatCount(lower.minQuantity)}
            </p>
          ) : null}
          <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-sm">
            <dt>Minimum order</dt>
            <dd className="text-right tabular-nums">{formatCount(product.quantity)}</dd>
            <dt>Pack size</dt>
            <dd className="text-right tabular-nums">{formatCount(product.packSize)}</dd>
            <dt>In stock</dt>
            <dd className={`text-right tabular-nums ${soldOut ? 'font-semibold text-error' : ''}`}>
              {soldOut
                ? `${formatCount(product.availableQuantity)} (below minimum)`
                : formatCount(product.availableQuantity)}
            </dd>
          </dl>
        </div>
      </div>
      {action ? <div className="relative mt-auto px-3 pb-3 sm:px-4 sm:pb-4">{action}</div> : null}
    </article>
  );
}
