import { useId, type ComponentType, type ReactNode, type RefObject } from 'react';
import { MAX_PO_NUMBER_LENGTH, messages, orderingMessages, type ShipToChoice } from '@kestrel/shared';
import { InputField, TextAreaField } from './ui/field';
import { useCompanyAccount } from '../lib/company-account';
import { formatDollars } from '../lib/money';

const NET_DAYS: Record<string, number> = { net15: 15, net30: 30, net60: 60 };
/** The day an on-account order placed now falls due, as the API computes it (UTC day + N). */
function dueDayIn(days: number): string {
  const due = new Date();
  due.setUTCDate(due.getUTCDate() + days);
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    due,
  );
}

export type CheckoutErrors = Partial<Record<'phone' | 'address' | 'poNumber' | 'form', string>>;

/**
 * The checkout's ship-to choice (B2B §12) as the form reads it when the order is placed: the body's `shipTo` and
 * SPEC's address text (the chosen address on its lines; left out when the buyer typed the address as text, which the
 * form reads itself), or null while the choice is incomplete (its own fields say why). `showRefusal` puts a server
 * refusal next to its field; false when it names none.
 */
export interface ShipToReader {
  read(): Promise<{ shipTo?: ShipToChoice; address?: string } | null>;
  showRefusal(message: string): boolean;
}

/**
 * A ship-to choice handed in by the app where only a company location is asked for (the quote's accept dialog, SPEC's
 * order modal): it fills `reader` when it offers locations, else shows `children` (the form's own Address field).
 */
export type LocationShipToSlot = ComponentType<{ reader: RefObject<ShipToReader | null>; children: ReactNode }>;

/** What the fields hold, read from their form. */
export interface CheckoutValues {
  phone: string;
  address: string;
  poNumber: string;
  paymentTerms: 'card' | 'account';
}

export function readCheckoutValues(data: FormData): CheckoutValues {
  const field = (name: string) => String(data.get(name) ?? '');
  return {
    phone: field('phone'),
    address: field('address'),
    poNumber: field('poNumber'),
    paymentTerms: field('paymentTerms') === 'account' ? 'account' : 'card',
  };
}

/** Where the goods go and the buyer's references; the same checks as the server's schema, in plain code (no zod). */
export function validateCheckout({ phone, address, poNumber }: CheckoutValues): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (!phone.trim()) errors.phone = messages.order.phoneRequired;
  if (!address.trim()) errors.address = messages.order.addressRequired;
  if (poNumber.trim().length > MAX_PO_NUMBER_LENGTH || !/^[\x20-\x7e]*$/.test(poNumber.trim())) {
    errors.poNumber = orderingMessages.poNumberInvalid;
  }
  return errors;
}

/** SPEC's free-text address, as the order modal and the quote's accept ask it. */
export function AddressTextField({ error }: { error?: string | undefined }) {
  return <TextAreaField label="Address" name="address" autoComplete="street-address" rows={2} error={error} />;
}

/**
 * The fields every way of placing an order from several lines asks for (B2B §3): phone, address, PO number and how it
 * is paid. The cart's checkout and accepting a quote (B2B §10) both show these.
 */
export function CheckoutFields({
  errors,
  autoFocus = false,
  children,
  shipTo,
}: {
  errors: CheckoutErrors;
  /** The first field takes the focus when its dialog opens (components/ui/modal). */
  autoFocus?: boolean;
  /** More fields of the form's own (the cart's note), between the references and the payment. */
  children?: ReactNode;
  /** The ship-to choice (B2B §12) in place of the free-text address, where the page offers one. */
  shipTo?: ReactNode;
}) {
  const termsNoteId = useId();
  // Payment on account (issue #25): offered to members of a company with net terms.
  const { data: account } = useCompanyAccount();
  const netDays = account ? NET_DAYS[account.paymentTerms] : undefined;
  return (
    <>
      <InputField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone}
        data-autofocus={autoFocus || undefined}
      />
      {shipTo ?? <AddressTextField error={errors.address} />}
      <InputField
        label="PO number (optional)"
        name="poNumber"
        maxLength={MAX_PO_NUMBER_LENGTH}
        hint={`Your purchase order reference, up to ${MAX_PO_NUMBER_LENGTH} characters; it is printed on the invoice.`}
        error={errors.poNumber}
      />
      {children}
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
            aria-describedby={termsNoteId}
          />
          {netDays === undefined ? 'On account' : `Pay on account (net ${netDays}, due ${dueDayIn(netDays)})`}
        </label>
        <p id={termsNoteId} className="text-xs">
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
    </>
  );
}
