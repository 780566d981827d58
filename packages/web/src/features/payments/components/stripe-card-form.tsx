// Stripe Elements, loaded only when the server says Stripe is configured (GET /api/payments/config). Stripe.js comes
// from js.stripe.com, which an offline machine cannot reach: this part is type-checked but not exercised by the tests.
import { loadStripe, type Stripe, type StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { failureMessage, type CardFormProps } from './card-form-props';
import { PayButton } from './pay-button';
import { PaymentError } from './payment-error';

interface StripeCardFormProps extends CardFormProps {
  publishableKey: string;
}

/** loadStripe injects the script once per page; keep its promise per key so remounts reuse it. */
const loaders = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let loader = loaders.get(key);
  if (!loader) {
    loader = loadStripe(key);
    loaders.set(key, loader);
  }
  return loader;
}

export function StripeCardForm({
  publishableKey,
  clientSecret,
  billingName,
  billingEmail,
  onSucceeded,
}: StripeCardFormProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let mounted: StripeCardElement | null = null;
    stripeFor(publishableKey).then(
      (loaded) => {
        if (cancelled || !loaded || !mountRef.current) return;
        mounted = loaded.elements().create('card', { hidePostalCode: true });
        mounted.mount(mountRef.current);
        mounted.on('change', (e) => setError(e.error?.message ?? null));
        setStripe(loaded);
        setCard(mounted);
      },
      (cause: unknown) => setError(failureMessage(cause)),
    );
    return () => {
      cancelled = true;
      mounted?.destroy();
    };
  }, [publishableKey]);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !card || !clientSecret || paying) return;
    setPaying(true);
    setError(null);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billingName, email: billingEmail } },
      });
      if (result.error) setError(result.error.message ?? 'Your card was not charged.');
      else if (result.paymentIntent.status === 'succeeded') await onSucceeded(result.paymentIntent.id);
      else setError('The payment is not complete yet. Try again in a moment.');
    } catch (caught) {
      setError(failureMessage(caught));
    } finally {
      setPaying(false);
    }
  }

  return (
    <form onSubmit={pay} className="flex flex-col gap-4" aria-label="Card payment">
      <div ref={mountRef} className="rounded-field border border-base-300 p-3" aria-label="Card details" />
      <PaymentError message={error} />
      <PayButton disabled={!clientSecret || !card} paying={paying} />
    </form>
  );
}
