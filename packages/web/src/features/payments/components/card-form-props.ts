/** What the page hands either card form (sandbox or Stripe Elements). */
export interface CardFormProps {
  /** Undefined until POST /create-payment-intent answers. */
  clientSecret: string | undefined;
  billingName: string;
  billingEmail: string;
  /** Called with the intent id once the provider says the payment succeeded; it reports it to the shop. */
  onSucceeded: (intentId: string) => Promise<void>;
}

/** Any failure becomes the one line shown in red. */
export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The payment could not be completed. Try again.';
}
