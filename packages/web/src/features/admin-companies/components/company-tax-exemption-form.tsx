// The administrator's form for a company's tax exemption (B2B §13: PATCH /api/admin/companies/{id} `taxExempt`,
// `taxExemptionId`). An exempt company names its certificate (1-40 characters), checked here as the API checks it;
// its orders then carry no tax and the certificate's id. What was saved, or why not, is said under the button.
import { useId, useState, type FormEvent } from 'react';
import { MAX_TAX_EXEMPTION_ID_LENGTH } from '@kestrel/shared';
import { useUpdateCompanyTerms } from '../api/update-company-terms';

export function CompanyTaxExemptionForm({
  companyId,
  taxExempt,
  taxExemptionId,
}: {
  companyId: string;
  taxExempt: boolean;
  taxExemptionId: string | null;
}) {
  const id = useId();
  const update = useUpdateCompanyTerms(companyId);
  const [exempt, setExempt] = useState(taxExempt);
  const [certificate, setCertificate] = useState(taxExemptionId ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const trimmed = certificate.trim();
    if (exempt && (trimmed.length < 1 || trimmed.length > MAX_TAX_EXEMPTION_ID_LENGTH)) {
      return setProblem(`Enter the exemption certificate's id, 1 to ${MAX_TAX_EXEMPTION_ID_LENGTH} characters`);
    }
    setProblem(null);
    update.mutate(exempt ? { taxExempt: true, taxExemptionId: trimmed } : { taxExempt: false }, {
      onSuccess: (answer) =>
        setOutcome({
          ok: true,
          text: answer.taxExempt
            ? `Saved: tax exempt, certificate ${answer.taxExemptionId ?? ''}.`
            : 'Saved: not tax exempt.',
        }),
      onError: (error) => setOutcome({ ok: false, text: `Not saved: ${error.message}` }),
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        Tax exemption
      </h2>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="checkbox"
          checked={exempt}
          onChange={(e) => {
            setExempt(e.target.checked);
            setOutcome(null);
          }}
        />
        Tax exempt: the company's orders carry no tax
      </label>
      {exempt ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-certificate`} className="text-sm font-medium">
            Exemption certificate id
          </label>
          <input
            id={`${id}-certificate`}
            className={`input input-bordered w-full max-w-xs ${problem ? 'input-error' : ''}`}
            autoComplete="off"
            maxLength={MAX_TAX_EXEMPTION_ID_LENGTH + 10}
            value={certificate}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-certificate-error` : `${id}-certificate-hint`}
            onChange={(e) => {
              setCertificate(e.target.value);
              setOutcome(null);
            }}
          />
          {problem ? (
            <p id={`${id}-certificate-error`} role="alert" className="text-sm text-error">
              {problem}
            </p>
          ) : (
            <p id={`${id}-certificate-hint`} className="text-xs">
              Printed on the company's orders and invoices.
            </p>
          )}
        </div>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save tax exemption'}
        </button>
      </div>
      {outcome ? (
        <p role="status" className={outcome.ok ? 'text-sm text-success' : 'text-sm text-error'}>
          {outcome.text}
        </p>
      ) : null}
    </form>
  );
}
