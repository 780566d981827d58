import { useRef, useState, type FocusEvent, type FormEvent, type ComponentType, type RefObject } from 'react';
import { MAX_NOTE_LENGTH, type Cart, type ShipToChoice } from '@kestrel/shared';
import { TextAreaField } from '../../../components/ui/field';
import { ApiRequestError } from '../../../lib/api-client';
import { useCheckout, type Placed } from '../api/checkout';
import { usePoNumberCheck } from '../api/check-po-number';
import { CheckoutTotals } from './checkout-totals';
import {
  CheckoutFields,
  readCheckoutValues,
  validateCheckout,
  type CheckoutErrors,
  type ShipToReader,
} from '../../../components/checkout-fields';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormProblem } from '../../../components/ui/form-problem';

/** The ship-to choice as the checkout's tax reads it (ShipToChoicePicker's `onChosen`). */
type ChosenShipTo = ShipToChoice | null | undefined;

interface CheckoutFormProps {
  disabled: boolean;
  /** The cart checked out, whose subtotal, tax and total are shown before Place order (B2B §13). */
  cart: Pick<Cart, 'total' | 'lines'>;
  /** Each line's name by product, so a refusal names the lines it is about. */
  lineNames: Map<string, string>;
  onPlaced: (placed: Placed) => void;
  /** Every bad line of a refused checkout, by product. */
  onLineProblems: (problems: Map<string, string>) => void;
  /**
   * The ship-to choice (B2B §12), another feature's, handed in by the app: it fills `reader` and shows the free-text
   * address's message (`addressError`) when the buyer types the address as text. Without it, the address is text.
   */
  shipTo?:
    | ComponentType<{
        reader: RefObject<ShipToReader | null>;
        addressError: string | undefined;
        onChosen?: ((shipTo: ChosenShipTo) => void) | undefined;
      }>
    | undefined;
}

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

export function CheckoutForm({
  disabled,
  cart,
  lineNames,
  onPlaced,
  onLineProblems,
  shipTo: ShipTo,
}: CheckoutFormProps) {
  const checkout = useCheckout();
  const [errors, setErrors] = useState<CheckoutErrors>({});
  // Issue 47: refused on account for credit, the way out is offered at once: the same order by card.
  const [creditRefused, setCreditRefused] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const shipToReader = useRef<ShipToReader>(null);
  // The tax follows the ship-to chosen (B2B §13); none chosen yet is the shop's country, as the order would be.
  const [chosenShipTo, setChosenShipTo] = useState<ChosenShipTo>(undefined);
  // Issue 47: a PO number used before is worth a warning (never a refusal), asked when the field is left.
  const [poNumber, setPoNumber] = useState('');
  const poCheck = usePoNumberCheck(poNumber);
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const field = event.target;
    if (field instanceof HTMLInputElement && field.name === 'poNumber') setPoNumber(field.value.trim());
  };
  const payByCard = () => {
    const terms = form.current?.elements.namedItem('paymentTerms');
    if (terms instanceof RadioNodeList) terms.value = 'card';
    setCreditRefused(false);
    form.current?.requestSubmit();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void (async () => {
      // The chosen ship-to (checked by its own fields first); undefined when the page offers none.
      const chosen = shipToReader.current ? await shipToReader.current.read() : undefined;
      const typed = readCheckoutValues(data);
      const values = chosen?.address === undefined ? typed : { ...typed, address: chosen.address };
      const found = validateCheckout(values);
      setErrors(found);
      if (chosen === null || Object.keys(found).length > 0) return;
      place({ ...values, note: String(data.get('note') ?? ''), ...(chosen?.shipTo ? { shipTo: chosen.shipTo } : {}) });
    })();
  };

  const place = (body: Parameters<typeof checkout.mutateAsync>[0]) => {
    onLineProblems(new Map());
    setCreditRefused(false);
    // mutateAsync rather than mutate's callbacks: the cart empties (and this form unmounts) before they would run.
    checkout.mutateAsync(body).then(onPlaced, (error: unknown) => {
      const problems = error instanceof ApiRequestError ? lineProblemsOf(error) : new Map<string, string>();
      if (problems.size > 0) {
        onLineProblems(problems);
        const named = [...problems].map(
          ([productId, message]) => `${lineNames.get(productId) ?? productId}: ${message}`,
        );
        setErrors({ form: `These lines cannot be ordered as they are. ${named.join('. ')}.` });
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      // A one-off address's refusal (`shipTo.address.city …`) is said next to its field.
      if (shipToReader.current?.showRefusal(message)) return;
      setCreditRefused(error instanceof ApiRequestError && error.code === 'credit_limit_exceeded');
      setErrors({ form: message });
    });
  };

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      onBlur={onBlur}
      aria-labelledby="checkout-title"
      className="flex flex-col gap-3"
    >
      <h2 id="checkout-title" className="text-xl font-semibold">
        Checkout
      </h2>
      <CheckoutFields
        errors={errors}
        shipTo={
          ShipTo ? <ShipTo reader={shipToReader} addressError={errors.address} onChosen={setChosenShipTo} /> : undefined
        }
      >
        <TextAreaField label="Note (optional)" name="note" rows={2} maxLength={MAX_NOTE_LENGTH} />
      </CheckoutFields>
      {poNumber !== '' && poCheck.data?.warning ? (
        <p role="status" className="rounded-box border border-warning p-2 text-sm break-words">
          {poCheck.data.warning}
        </p>
      ) : null}
      {chosenShipTo === null ? (
        <p className="text-sm">The tax is shown once the address is complete.</p>
      ) : (
        <CheckoutTotals cart={cart} shipTo={chosenShipTo} />
      )}
      <FormProblem message={errors.form} />
      {creditRefused ? (
        <button type="button" className="btn btn-outline btn-sm self-start" onClick={payByCard}>
          Pay by card instead
        </button>
      ) : null}
      <BusyButton busy={checkout.isPending} type="submit" className="btn btn-primary mt-2" disabled={disabled}>
        Place order
      </BusyButton>
    </form>
  );
}
