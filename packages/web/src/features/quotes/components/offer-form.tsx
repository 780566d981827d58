// The shop's offer (B2B §10): a unit price for every line (prefilled with the offer already made, else the buyer's
// target, else the list price), the day it is valid until (within 90 days) and an optional message to the buyer.
// A new offer replaces the old one.
import { useState, type FormEvent } from 'react';
import { MAX_QUOTE_MESSAGE_LENGTH, MAX_QUOTE_VALID_DAYS, type Quote } from '@kestrel/shared';
import { InputField, TextAreaField } from '../../../components/ui/field';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useQuoteStep } from '../api/quote-steps';
import {
  defaultValidUntilDay,
  differenceFromList,
  lastValidDay,
  parsePrice,
  todayDay,
  validUntilOfDay,
} from '../quote-view';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormProblem } from '../../../components/ui/form-problem';

type Errors = Record<string, string | undefined>;

/** The price a line's field starts with, as text. */
function startingPrice(line: Quote['lines'][number]): string {
  return (line.unitPrice ?? line.targetPrice ?? line.listUnitPrice).toFixed(2);
}

export function OfferForm({ quote }: { quote: Quote }) {
  const step = useQuoteStep();
  const [prices, setPrices] = useState(() => quote.lines.map(startingPrice));
  const [errors, setErrors] = useState<Errors>({});
  const again = quote.status === 'offered';
  const gone = quote.lines.filter((line) => line.productId === null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const day = String(data.get('validUntil') ?? '');
    const message = String(data.get('message') ?? '').trim();
    const found: Errors = {};
    const lines: { productId: string; unitPrice: number }[] = [];
    quote.lines.forEach((line, index) => {
      const unitPrice = parsePrice(prices[index] ?? '');
      if (unitPrice === null) found[`line-${index}`] = 'Enter a price above $0 with at most 2 decimals, like 3.95';
      else if (line.productId) lines.push({ productId: line.productId, unitPrice });
    });
    const validUntil = validUntilOfDay(day);
    if (!validUntil) found.validUntil = `Choose a day from today on, at most ${MAX_QUOTE_VALID_DAYS} days ahead`;
    setErrors(found);
    if (Object.values(found).some(Boolean) || !validUntil) return;
    // mutateAsync: the answer remounts this form (a new offer starts afresh), before mutate's callbacks would run.
    step
      .mutateAsync({
        quoteId: quote._id,
        action: 'offer',
        body: { lines, validUntil, ...(message ? { message } : {}) },
      })
      .then(
        (offered) => notify.success(`Offer sent for ${offered.number}: ${formatDollars(offered.offeredTotal ?? 0)}`),
        (error: unknown) => setErrors({ form: error instanceof Error ? error.message : String(error) }),
      );
  };

  // A product deleted since the request cannot be priced (the API answers 409 product_gone): reject it instead.
  if (gone.length > 0) {
    return (
      <p className="text-sm">
        {gone.map((line) => line.sku).join(', ')} no longer exists in the catalogue, so this quote cannot be offered:
        reject it with a reason instead.
      </p>
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="offer-title" className="flex flex-col gap-3">
      <h2 id="offer-title" className="text-lg font-semibold">
        {again ? 'Make a new offer' : 'Make an offer'}
      </h2>
      {again ? <p className="text-sm">A new offer replaces the one the buyer has now.</p> : null}
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium">Unit price per line, in dollars</legend>
        {quote.lines.map((line, index) => {
          const offered = parsePrice(prices[index] ?? '');
          return (
            <InputField
              key={`${line.sku}-${index}`}
              label={`${line.sku} ${line.name}, ${formatCount(line.quantity)} pieces`}
              name={`line-${index}`}
              inputMode="decimal"
              value={prices[index] ?? ''}
              onChange={(event) =>
                setPrices((all) => all.map((price, i) => (i === index ? event.target.value : price)))
              }
              hint={`List ${formatDollars(line.listUnitPrice)}${
                line.targetPrice === null ? '' : `, target ${formatDollars(line.targetPrice)}`
              }${offered === null ? '' : `: ${differenceFromList(line.listUnitPrice, offered)}`}`}
              error={errors[`line-${index}`]}
            />
          );
        })}
      </fieldset>
      <InputField
        label="Valid until"
        name="validUntil"
        type="date"
        defaultValue={defaultValidUntilDay()}
        min={todayDay()}
        max={lastValidDay()}
        hint={`The offer holds until the end of that day (UTC), at most ${MAX_QUOTE_VALID_DAYS} days ahead.`}
        error={errors.validUntil}
      />
      <TextAreaField
        label="Message to the buyer (optional)"
        name="message"
        rows={3}
        maxLength={MAX_QUOTE_MESSAGE_LENGTH}
      />
      <FormProblem message={errors.form} />
      <BusyButton busy={step.isPending} type="submit" className="btn btn-primary self-start">
        Send offer
      </BusyButton>
    </form>
  );
}
