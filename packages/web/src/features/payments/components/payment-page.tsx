import { useState } from 'react';
import { useParams } from 'react-router';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-store';
import { formatDollars } from '../../../lib/money';
import { taxBreakdown } from '../../../lib/tax-label';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useOrder } from '../../../lib/order-query';
import { usePaymentConfig } from '../api/get-payment-config';
import { usePayOrder } from '../api/pay-order';
import type { CardFormProps } from './card-form-props';
import { PaidSummary } from './paid-summary';
import { PaymentError } from './payment-error';
import { SandboxCardForm } from './sandbox-card-form';
import { StripeCardPart } from './stripe-card-part';

/**
 * SPEC.md's Payment page: greeting, 'Please Pay {item}', the amount, and the provider's card form; once paid, what was
 * paid and its invoice.
 */
export function PaymentPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const order = useOrder(id);
  const config = usePaymentConfig();
  // docs/product.md §14: the intent is requested as the page loads, for an order that still needs paying.
  const intent = usePaymentIntent(id, order.data ? !order.data.paid : false);
  const payOrder = usePayOrder();
  const [completedId, setCompletedId] = useState<string | null>(null);

  if (order.isPending) return <PageSpinner label="Loading your order" />;
  if (order.isError) return <ListState alert>{order.error.message}</ListState>;

  const formProps: CardFormProps = {
    clientSecret: intent.data?.clientSecret,
    billingName: user?.name ?? order.data.userName,
    billingEmail: user?.email ?? order.data.email,
    onSucceeded: async (intentId) => {
      const paid = await payOrder.mutateAsync({ orderId: id, transactionId: intentId });
      setCompletedId(paid.transactionId ?? intentId);
    },
  };

  // Paid (now or before): the page says so, names the invoice and leads on (B2B §11); it asks for nothing more.
  const paid = order.data.paid || completedId !== null;
  let body;
  if (paid) {
    const shown = order.data.paid ? order.data : { ...order.data, transactionId: completedId };
    body = <PaidSummary order={shown} justPaid={completedId !== null} />;
  } else if (config.isPending) {
    body = <Spinner label="Loading the card form" />;
  } else if (config.data?.provider === 'stripe') {
    // Stripe without a publishable key cannot show its card form; the sandbox form would not work either.
    body = config.data.publishableKey ? (
      <StripeCardPart {...formProps} publishableKey={config.data.publishableKey} />
    ) : (
      <PaymentError message="Card payments are not available right now. Please try again later." />
    );
  } else {
    body = <SandboxCardForm {...formProps} />;
  }

  return (
    <div className="max-w-xl">
      <PageTitle>Hello, {user?.name ?? order.data.userName}</PageTitle>
      <section aria-labelledby="pay-title" className="rounded-box border border-base-300 bg-base-100 p-6">
        <h2 id="pay-title" className="text-xl font-semibold">
          {paid ? `Paid: ${order.data.itemName}` : `Please Pay ${order.data.itemName}`}
        </h2>
        <p className="mt-2">
          {order.data.quantity} pieces — {paid ? 'amount paid' : 'amount due'}:{' '}
          <strong>{formatDollars(order.data.price)}</strong>
        </p>
        {/* B2B §13: the card pays the total with its tax; what it is made of. */}
        {taxBreakdown(order.data) ? <p className="text-sm">{taxBreakdown(order.data)}</p> : null}
        <div className="mt-6">{body}</div>
        {intent.isError && !paid ? <PaymentError message={intent.error.message} /> : null}
      </section>
    </div>
  );
}
