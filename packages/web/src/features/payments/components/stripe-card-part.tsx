import { Suspense, lazy, useState } from 'react';
import { PartErrorBoundary } from '../../../components/ui/part-error-boundary';
import { Spinner } from '../../../components/ui/spinner';
import type { CardFormProps } from './card-form-props';

const loadForm = () => lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

/**
 * Stripe Elements as a lazily loaded part, so the sandbox (the default) never downloads Stripe's code. A failed load
 * offers a retry; React.lazy remembers failures, so a retry builds a fresh lazy component.
 */
export function StripeCardPart(props: CardFormProps & { publishableKey: string }) {
  const [attempt, setAttempt] = useState(0);
  const [Form, setForm] = useState(loadForm);
  const retry = () => {
    setForm(loadForm);
    setAttempt((n) => n + 1);
  };
  return (
    <PartErrorBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <Form {...props} />
      </Suspense>
    </PartErrorBoundary>
  );
}
