import { useState, type FormEvent } from 'react';
import { InputField } from '../../../components/ui/field';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { formatExpiryInput, parseExpiry } from '../parse-expiry';
import { failureMessage, type CardFormProps } from './card-form-props';
import { PayButton } from './pay-button';
import { PaymentError } from './payment-error';

/**
 * The built-in sandbox's card form (docs/product.md §6). The card goes straight to the sandbox processor with the client
 * secret, as Stripe Elements sends it to Stripe; the shop's order call only ever carries the resulting intent id.
 */
export function SandboxCardForm({ clientSecret, billingName, billingEmail, onSucceeded }: CardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!clientSecret || paying) return;
    setPaying(true);
    setError(null);
    try {
      // Text that is not a date at all still goes to the processor, whose message explains what is wrong.
      const parsed = parseExpiry(expiry) ?? { month: 0, year: 0 };
      const intent = await confirmSandboxPayment({
        clientSecret,
        cardNumber,
        expMonth: parsed.month,
        expYear: parsed.year,
        cvc,
        billingName,
        billingEmail,
      });
      if (intent.status === 'succeeded') await onSucceeded(intent.id);
      else setError(intent.last_payment_error?.message ?? 'Your card was not charged. Try another card.');
    } catch (caught) {
      setError(failureMessage(caught));
    } finally {
      setPaying(false);
    }
  }

  return (
    <form onSubmit={pay} className="flex flex-col gap-4" aria-label="Card payment" noValidate>
      <InputField
        label="Card number"
        name="cardNumber"
        value={cardNumber}
        onChange={(e) => setCardNumber(e.target.value)}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        required
      />
      <div className="grid grid-cols-2 gap-4">
        <InputField
          label="Expiry (MM / YY)"
          name="expiry"
          value={expiry}
          onChange={(e) => setExpiry(formatExpiryInput(e.target.value))}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          required
        />
        <InputField
          label="CVC"
          name="cvc"
          value={cvc}
          onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          required
        />
      </div>
      <PaymentError message={error} />
      <PayButton disabled={!clientSecret} paying={paying} />
    </form>
  );
}
