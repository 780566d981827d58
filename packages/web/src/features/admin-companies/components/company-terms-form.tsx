// The administrator's form for a company's payment terms and credit limit (B2B §5: PATCH /api/admin/companies/{id}
// takes both). The limit is dollars with at most 2 decimals, empty for no limit; the form checks what the API checks
// before sending and says what was saved, or why not, under the button.
import { useId, useState, type FormEvent } from 'react';
import { MAX_LIMIT_DOLLARS, PAYMENT_TERMS, type PaymentTerms } from '@kestrel/shared';
import { paymentTermsLabels } from '../../../lib/company-account';
import { formatDollars } from '../../../lib/money';
import { useUpdateCompanyTerms } from '../api/update-company-terms';
import { BusyButton } from '../../../components/ui/busy-button';

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/** The limit typed (commas and a leading $ allowed), or a message saying what is wrong with it. */
export function parseCreditLimit(text: string): { limit: number | null } | { problem: string } {
  const plain = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (plain === '') return { limit: null };
  if (!AMOUNT.test(plain)) return { problem: 'Enter an amount in dollars with at most 2 decimals, or leave it empty' };
  const limit = Number(plain);
  if (limit > MAX_LIMIT_DOLLARS)
    return { problem: `The credit limit may be at most ${formatDollars(MAX_LIMIT_DOLLARS)}` };
  return { limit };
}

export function CompanyTermsForm({
  companyId,
  paymentTerms,
  creditLimit,
}: {
  companyId: string;
  paymentTerms: PaymentTerms;
  creditLimit: number | null;
}) {
  const id = useId();
  const update = useUpdateCompanyTerms(companyId);
  const [terms, setTerms] = useState<PaymentTerms>(paymentTerms);
  const [limitText, setLimitText] = useState(creditLimit === null ? '' : String(creditLimit));
  const [limitProblem, setLimitProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = parseCreditLimit(limitText);
    if ('problem' in parsed) return setLimitProblem(parsed.problem);
    setLimitProblem(null);
    update.mutate(
      { paymentTerms: terms, creditLimit: parsed.limit },
      {
        onSuccess: (answer) =>
          setOutcome({
            ok: true,
            text: `Saved: ${paymentTermsLabels[answer.paymentTerms]}, credit limit ${
              answer.creditLimit === null ? 'none' : formatDollars(answer.creditLimit)
            }.`,
          }),
        onError: (error) => setOutcome({ ok: false, text: `Not saved: ${error.message}` }),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        Payment terms and credit limit
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-terms`} className="text-sm font-medium">
          Payment terms
        </label>
        <select
          id={`${id}-terms`}
          className="select select-bordered w-full max-w-xs"
          value={terms}
          aria-describedby={`${id}-terms-hint`}
          onChange={(e) => {
            setTerms(e.target.value as PaymentTerms);
            setOutcome(null);
          }}
        >
          {PAYMENT_TERMS.map((t) => (
            <option key={t} value={t}>
              {paymentTermsLabels[t]}
            </option>
          ))}
        </select>
        <p id={`${id}-terms-hint`} className="text-xs">
          With net terms, members may place orders on account, due that many days after confirmation.
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-limit`} className="text-sm font-medium">
          Credit limit ($)
        </label>
        <input
          id={`${id}-limit`}
          className={`input input-bordered w-full max-w-xs tabular-nums ${limitProblem ? 'input-error' : ''}`}
          inputMode="decimal"
          autoComplete="off"
          value={limitText}
          aria-invalid={limitProblem ? true : undefined}
          aria-describedby={limitProblem ? `${id}-limit-error` : `${id}-limit-hint`}
          onChange={(e) => {
            setLimitText(e.target.value);
            setOutcome(null);
          }}
        />
        {limitProblem ? (
          <p id={`${id}-limit-error`} role="alert" className="text-sm text-error">
            {limitProblem}
          </p>
        ) : (
          <p id={`${id}-limit-hint`} className="text-xs">
            The open balance plus a new order on account may not pass it. Leave it empty for no limit.
          </p>
        )}
      </div>
      <div>
        <BusyButton busy={update.isPending} type="submit" className="btn btn-primary">
          Save terms
        </BusyButton>
      </div>
      {outcome ? (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={`text-sm ${outcome.ok ? 'font-semibold text-success' : 'text-error'}`}
        >
          {outcome.text}
        </p>
      ) : null}
    </form>
  );
}
