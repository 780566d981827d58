import { useState } from 'react';
import { useParams } from 'react-router';
import { messages } from '@kestrel/shared';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-store';
import { formatDollars } from '../../../lib/money';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useOrder } from '../api/get-order';
import { usePaymentConfig } from '../api/get-payment-config';
import { usePayOrder } from '../api/pay-order';
import type { CardFormProps } from './card-form-props';
import { PaymentError } from './payment-error';
import { SandboxCardForm } from './sandbox-card-form';
import { StripeCardPart } from './stripe-card-part';

/** SPEC.md's Payment page: greeting, 'Please Pay {item}', the amount, and the provider's card form. */
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

  let body;
  if (completedId) {
    body = (
      <div role="status" className="rounded-box bg-success/10 p-4">
        <p className="font-semibold text-success">{messages.toast.paymentCompleted}</p>
        <p className="mt-1 break-all">
          Your transaction id: <span className="font-mono">{completedId}</span>
        </p>
      </div>
    );
  } else if (order.data.paid) {
    body = (
      <p className="font-semibold text-success">
        Paid <span className="font-mono font-normal break-all">{order.data.transactionId}</span>
      </p>
    );
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
          Please Pay {order.data.itemName}
        </h2>
        <p className="mt-2">
          {order.data.quantity} pieces — amount due: <strong>{formatDollars(order.data.price)}</strong>
        </p>
        <div className="mt-6">{body}</div>
        {intent.isError && !completedId && !order.data.paid ? <PaymentError message={intent.error.message} /> : null}
      </section>
    </div>
  );
}
