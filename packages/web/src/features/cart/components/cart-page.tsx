import { useCallback, useState, type ComponentProps, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Cart, CartWithRejected } from '@kestrel/shared';
import { LineTable } from '../../../components/ui/line-table';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { TransferCartButton } from '../../../components/transfer-cart-button';
import { useOrderingRefusal } from '../../../lib/company-role';
import { usePunchout } from '../../../lib/punchout';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useCart } from '../api/get-cart';
import { useLineProducts } from '../api/get-line-products';
import { usePutCart } from '../api/put-cart';
import type { Placed } from '../api/checkout';
import { CartLineRow } from './cart-line-row';
import { CheckoutForm } from './checkout-form';
import { RejectedLines } from './rejected-lines';

/** What a page that sent the buyer here (a reorder) could not add, carried in the history entry's state. */
function rejectedFromState(state: unknown): CartWithRejected['rejected'] {
  const rejected: unknown = state && typeof state === 'object' ? Reflect.get(state, 'rejected') : null;
  return Array.isArray(rejected) ? rejected : [];
}

function withQuantity(cart: Cart, productId: string, quantity: number | null) {
  return cart.lines.flatMap((line) => {
    if (line.productId !== productId) return [{ productId: line.productId, quantity: line.quantity }];
    return quantity === null ? [] : [{ productId, quantity }];
  });
}

/**
 * The signed-in buyer's cart (B2B §3): edit quantities, remove lines, check out. `otherwise` is shown under the
 * checkout while the cart has lines: app/ puts "Request a quote" there (B2B §10).
 */
export function CartPage({
  otherwise,
  shipTo,
}: {
  otherwise?: ReactNode;
  /** The checkout's ship-to choice (B2B §12), from the app (CheckoutForm's `shipTo`). */
  shipTo?: ComponentProps<typeof CheckoutForm>['shipTo'];
}) {
  const { data: cart, isPending, isError, error } = useCart();
  const putCart = usePutCart();
  const location = useLocation();
  const navigate = useNavigate();
  const [lineProblems, setLineProblems] = useState(new Map<string, string>());
  const products = useLineProducts(cart?.lines.map((line) => line.productId) ?? []);
  // A company viewer is not offered a checkout the server would refuse at Place order (issue #47).
  const refusal = useOrderingRefusal();
  // In a punch-out session the order comes from the procurement system (B2B §17): the cart is transferred instead.
  const punchout = usePunchout();

  const change = useCallback(
    (productId: string, quantity: number | null) => {
      if (!cart) return;
      setLineProblems((problems) => {
        const next = new Map(problems);
        next.delete(productId);
        return next;
      });
      putCart.mutate({ lines: withQuantity(cart, productId, quantity) }, { onError: (e) => notify.error(e.message) });
    },
    [cart, putCart],
  );

  const placed = ({ insertedId, order }: Placed) => {
    notify.success(
      `Order placed${order.poNumber ? ` (PO ${order.poNumber})` : ''}: ${formatDollars(order.price)}${
        order.status === 'awaiting_approval' ? ', awaiting approval' : ''
      }`,
    );
    // A card order is paid next (B2B §11): straight to its Payment page; anything else (on account) is on My Order.
    void navigate(
      order.status === 'pending' && order.paymentTerms === 'card'
        ? `/dashboard/payment/${encodeURIComponent(insertedId)}`
        : // Awaiting approval or confirmed on account (issue #25): the order's own page says which.
          `/dashboard/orders/${encodeURIComponent(insertedId)}`,
    );
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageTitle lead="Prices are today's, with volume prices applied; nothing is reserved until you order.">
        Your cart
      </PageTitle>
      <div className="mb-4 flex flex-col gap-4">
        <RejectedLines rejected={rejectedFromState(location.state)} title="Some lines could not be added again" />
      </div>
      {isPending ? <PageSpinner label="Loading your cart" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {cart && cart.lines.length === 0 ? (
        <ListState>
          Your cart is empty. Browse the{' '}
          <Link to="/products" className="link">
            products
          </Link>{' '}
          or paste a list on{' '}
          <Link to="/quick-order" className="link">
            Quick order
          </Link>
          .
        </ListState>
      ) : null}
      {cart && cart.lines.length > 0 ? (
        <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
          <section aria-labelledby="cart-lines-title" className="min-w-0">
            <h2 id="cart-lines-title" className="sr-only">
              Lines
            </h2>
            <LineTable
              label="Cart lines"
              caption="The lines of your cart"
              boxed
              columns={[
                { label: 'SKU' },
                { label: 'Product' },
                { label: 'Quantity' },
                { label: 'Unit price', numeric: true },
                { label: 'Line total', numeric: true },
                { label: 'Actions', hidden: true },
              ]}
            >
              <tbody>
                {cart.lines.map((line) => (
                  <CartLineRow
                    key={line.productId}
                    line={line}
                    product={products.get(line.productId)}
                    checkoutProblem={lineProblems.get(line.productId)}
                    busy={putCart.isPending}
                    onQuantity={(quantity) => change(line.productId, quantity)}
                    onRemove={() => change(line.productId, null)}
                  />
                ))}
              </tbody>
              <tfoot className="text-base-content">
                <tr>
                  <th scope="row" colSpan={4} className="text-right text-base">
                    Total
                    {cart.lines.some((line) => line.problem !== null) ? (
                      <span className="block text-xs font-normal">of the lines that can be ordered</span>
                    ) : null}
                  </th>
                  <td className="text-right text-base font-semibold tabular-nums" data-testid="cart-total">
                    {formatDollars(cart.total)}
                  </td>
                  <td aria-live="polite">
                    {putCart.isPending ? (
                      <span className="loading loading-spinner loading-sm" aria-label="Updating" />
                    ) : null}
                  </td>
                </tr>
              </tfoot>
            </LineTable>
            <p className="mt-3 text-sm">
              <Link to="/quick-order" className="link">
                Add more lines by SKU
              </Link>
            </p>
          </section>
          <section className="self-start rounded-box border border-base-300 bg-base-100 p-6">
            {punchout ? (
              <>
                <h2 className="text-xl font-semibold">Transfer cart</h2>
                <p className="mb-4 mt-2 text-sm">
                  Your procurement system places the order: transfer the cart back to it for approval there.
                </p>
                <TransferCartButton />
              </>
            ) : refusal ? (
              <>
                <h2 className="text-xl font-semibold">Checkout</h2>
                <p className="mt-2 text-sm">{refusal}</p>
              </>
            ) : (
              <CheckoutForm
                disabled={putCart.isPending}
                cart={cart}
                lineNames={new Map(cart.lines.map((line) => [line.productId, `${line.name} (${line.sku})`]))}
                onPlaced={placed}
                onLineProblems={setLineProblems}
                shipTo={shipTo}
              />
            )}
            {otherwise ? <div className="mt-4">{otherwise}</div> : null}
          </section>
        </div>
      ) : null}
    </div>
  );
}
