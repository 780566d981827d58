import { unitPriceCents, type Product } from '@kestrel/shared';
import { contractCentsOf } from '../../../lib/contract-price';
import { formatCount } from '../../../lib/count';
import { orderTermsOf } from '../../../lib/order-terms';
import { formatDollars } from '../../../lib/money';
import { YourPrice } from '../../../components/ui/your-price';

/**
 * What a buyer needs before ordering in bulk (B2B §1-§2), beside the product card (which has the minimum and the
 * stock): the SKU, category, pack size, the most one order may take, and the volume prices as a table (quantity
 * from -> unit price), the base price from the minimum order being the first row.
 */
export function ProductTerms({ product }: { product: Product }) {
  const rows = [{ minQuantity: product.quantity, price: product.price }, ...product.priceBreaks];
  // A member's table also says what they pay from each quantity (the server's rule over their contract price), so a
  // break their contract price already beats does not read as a reason to order more (issue #47).
  const contractCents = contractCentsOf(product);
  const terms = orderTermsOf(product);
  return (
    <section aria-labelledby="terms-title" className="rounded-box border border-base-300 bg-base-100 p-6">
      <h2 id="terms-title" className="text-xl font-semibold">
        Product details
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">SKU</dt>
        <dd className="font-mono">{product.sku}</dd>
        <dt className="font-medium">Category</dt>
        <dd>{product.category}</dd>
        <dt className="font-medium">Pack size</dt>
        <dd className="tabular-nums">
          {product.packSize === 1 ? '1 unit (any quantity)' : `${formatCount(product.packSize)} units per pack`}
        </dd>
        {product.maxQuantity !== null ? (
          <>
            <dt className="font-medium">Maximum per order</dt>
            <dd className="tabular-nums">{formatCount(product.maxQuantity)} units</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-3">
        <YourPrice listPrice={product.price} contractPrice={product.contractPrice} />
      </div>
      {product.priceBreaks.length > 0 ? (
        <table className="table mt-4">
          <caption className="mb-1 text-left font-semibold">Volume prices</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">Quantity from</th>
              <th scope="col" className="text-right">
                {contractCents === undefined ? 'Unit price' : 'List price'}
              </th>
              {contractCents === undefined ? null : (
                <th scope="col" className="text-right">
                  You pay
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.minQuantity}>
                <th scope="row" className="font-normal tabular-nums">
                  {formatCount(row.minQuantity)}
                </th>
                <td className="text-right tabular-nums">{formatDollars(row.price)}</td>
                {contractCents === undefined ? null : (
                  <td className="text-right font-semibold tabular-nums">
                    {formatDollars(unitPriceCents(terms, row.minQuantity, contractCents) / 100)}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-4 text-sm">One price for every quantity: {formatDollars(product.price)} per unit.</p>
      )}
    </section>
  );
}
