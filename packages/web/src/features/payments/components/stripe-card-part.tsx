import { lazyComponent } from '../../../components/ui/lazy-component';
import { Spinner } from '../../../components/ui/spinner';
import type { CardFormProps } from './card-form-props';

/**
 * Stripe Elements as a lazily loaded part, so the sandbox (the default) never downloads Stripe's code. A failed or
 * timed-out load offers a retry (lazyComponent).
 */
export const StripeCardPart = lazyComponent<CardFormProps & { publishableKey: string }>(
  () => import('./stripe-card-form').then((m) => m.StripeCardForm),
  <Spinner label="Loading the card form" />,
);
