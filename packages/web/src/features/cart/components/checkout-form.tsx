import { useState, type FormEvent } from 'react';
import { MAX_NOTE_LENGTH, MAX_PO_NUMBER_LENGTH, messages, orderingMessages } from '@kestrel/shared';
import { InputField, TextAreaField } from '../../../components/ui/field';
import { ApiRequestError } from '../../../lib/api-client';
import { useCheckout, type Placed } from '../api/checkout';
import { useCompanyAccount } from '../../../lib/company-account';
import { formatDollars } from '../../../lib/money';

const NET_DAYS: Record<string, number> = { net15: 15, net30: 30, net60: 60 };
/** The day an on-account order placed now falls due, as the API computes it (UTC day + N). */
function dueDayIn(days: number): string {
  const due = new Date();
  due.setUTCDate(due.getUTCDate() + days);
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    due,
  );
}

interface CheckoutFormProps {
  disabled: boolean;
  /** Each line's name by product, so a refusal names the lines it is about. */
  lineNames: Map<string, string>;
  onPlaced: (placed: Placed) => void;
  /** Every bad line of a refused checkout, by product. */
  onLineProblems: (problems: Map<string, string>) => void;
}

type Errors = Partial<Record<'phone' | 'address' | 'poNumber' | 'form', string>>;

function lineProblemsOf(error: ApiRequestError): Map<string, string> {
  const problems = new Map<string, string>();
  const lines: unknown = error.detail && typeof error.detail === 'object' ? Reflect.get(error.detail, 'lines') : null;
  if (!Array.isArray(lines)) return problems;
  for (const line of lines) {
    if (typeof line !== 'object' || line === null) continue;
    const productId: unknown = Reflect.get(line, 'productId');
    const message: unknown = Reflect.get(line, 'message');
    if (typeof productId === 'string' && typeof message === 'string') problems.set(productId, message);
  }
  return problems;
}

/** Where the goods go and the buyer's references; the same checks as the server's schema, in plain code (no zod). */
function validate(phone: string, address: string, poNumber: string): Errors {
  const errors: Errors = {};
  if (!phone.trim()) errors.phone = messages.order.phoneRequired;
  if (!address.trim()) errors.address = messages.order.addressRequired;
  if (poNumber.trim().length > MAX_PO_NUMBER_LENGTH || !/^[\x20-\x7e]*$/.test(poNumber.trim())) {
    errors.poNumber = orderingMessages.poNumberInvalid;
  }
  return errors;
}

export function CheckoutForm({ disabled, lineNames, onPlaced, onLineProblems }: CheckoutFormProps) {
  const checkout = useCheckout();
  const [errors, setErrors] = useState<Errors>({});
  // Payment on account (issue #25): offered to members of a company with net terms.
  const { data: account } = useCompanyAccount();
  const netDays = account ? NET_DAYS[account.paymentTerms] : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    const [phone, address, poNumber, note] = [field('phone'), field('address'), field('poNumber'), field('note')];
    const found = validate(phone, address, poNumber);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onLineProblems(new Map());
    // mutateAsync rather than mutate's callbacks: the cart empties (and this form unmounts) before they would run.
    const paymentTerms = field('paymentTerms') === 'account' ? 'account' : 'card';
    checkout.mutateAsync({ phone, address, poNumber, note, paymentTerms }).then(onPlaced, (error: unknown) => {
      const problems = error instanceof ApiRequestError ? lineProblemsOf(error) : new Map<string, string>();
      if (problems.size > 0) {
        onLineProblems(problems);
        const named = [...problems].map(
          ([productId, message]) => `${lineNames.get(productId) ?? productId}: ${message}`,
        );
        setErrors({ form: `These lines cannot be ordered as they are. ${named.join('. ')}.` });
        return;
      }
      setErrors({ form: error instanceof Error ? error.message : String(error) });
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="checkout-title" className="flex flex-col gap-3">
      <h2 id="checkout-title" className="text-xl font-semibold">
        Checkout
      </h2>
      <InputField label="Phone" name="phone" type="tel" autoComplete="tel" error={errors.phone} />
      <TextAreaField label="Address" name="address" autoComplete="street-address" rows={2} error={errors.address} />
      <InputField
        label="PO number (optional)"
        name="poNumber"
        maxLength={MAX_PO_NUMBER_LENGTH}
        hint={`Your purchase order reference, up to ${MAX_PO_NUMBER_LENGTH} characters; it is printed on the invoice.`}
        error={errors.poNumber}
      />
      <TextAreaField label="Note (optional)" name="note" rows={2} maxLength={MAX_NOTE_LENGTH} />
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">Payment</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="paymentTerms" className="radio radio-sm" value="card" defaultChecked />
          Card, paid on the next page
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="paymentTerms"
            className="radio radio-sm"
            value="account"
            disabled={netDays === undefined}
            aria-describedby="account-terms-note"
          />
          {netDays === undefined ? 'On account' : `Pay on account (net ${netDays}, due ${dueDayIn(netDays)})`}
        </label>
        <p id="account-terms-note" className="text-xs">
          {!account
            ? 'Paying on account needs a company account with payment terms.'
            : netDays === undefined
              ? 'Your company pays by card; the shop sets payment terms.'
              : account.overdueCount > 0
                ? `Your company has ${account.overdueCount} overdue order(s): no new order on account until paid.`
                : account.available === null
                  ? `Open balance ${formatDollars(account.balance)}; no credit limit.`
                  : `Open balance ${formatDollars(account.balance)}; ${formatDollars(account.available)} of credit left.`}
        </p>
      </fieldset>
      {errors.form ? (
        <p role="alert" className="text-sm text-error">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary mt-2" disabled={disabled || checkout.isPending}>
        {checkout.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Place order
      </button>
    </form>
  );
}
