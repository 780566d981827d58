// "Create a company" (B2B §5): the caller, in no company yet, becomes its owner. The fields follow the server's rules
// (company-checks.ts); a refusal from the server (409: already in a company) is said above the button.
import { useRef, useState, type FormEvent } from 'react';
import { MAX_COMPANY_NAME_LENGTH, MAX_FIELD_LENGTH, MAX_TAX_ID_LENGTH } from '@kestrel/shared';
import { InputField, TextAreaField } from '../../../components/ui/field';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateCompany } from '../api/create-company';
import { companyErrors, type CompanyErrors, type CompanyValues } from '../company-checks';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormProblem } from '../../../components/ui/form-problem';

const FIELDS = ['name', 'taxId', 'billingAddress'] as const;

export function CreateCompanyForm() {
  const create = useCreateCompany();
  const [errors, setErrors] = useState<CompanyErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submitted = useRef(false);

  const read = (form: HTMLFormElement): CompanyValues => {
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? '');
    return { name: field('name'), taxId: field('taxId'), billingAddress: field('billingAddress') };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const form = event.currentTarget;
    const values = read(form);
    const found = companyErrors(values);
    setErrors(found);
    setProblem(null);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      (form.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    // mutateAsync rather than mutate's callbacks: once the company exists the page shows it and this form unmounts,
    // before those callbacks would run.
    create
      .mutateAsync({
        name: values.name.trim(),
        taxId: values.taxId.trim() || null,
        billingAddress: values.billingAddress.trim(),
      })
      .then(
        (company) => notify.success(`${company.name} is created: you are its owner`),
        (error: unknown) =>
          setProblem(
            error instanceof ApiRequestError && error.code === 'already_in_company'
              ? 'You are already in a company, so you cannot create another. Reload this page to see it.'
              : error instanceof Error
                ? error.message
                : String(error),
          ),
      );
  };

  // After the first submit, each edited field's message follows what is typed (as on the login page).
  const recheck = (event: FormEvent<HTMLFormElement>) => {
    if (submitted.current) setErrors(companyErrors(read(event.currentTarget)));
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      onChange={recheck}
      aria-labelledby="create-company-title"
      className="flex max-w-xl flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5"
    >
      <h2 id="create-company-title" className="text-xl font-semibold">
        Create a company
      </h2>
      <InputField
        label="Company name"
        name="name"
        autoComplete="organization"
        maxLength={MAX_COMPANY_NAME_LENGTH}
        error={errors.name}
      />
      <InputField
        label="Tax ID (optional)"
        name="taxId"
        maxLength={MAX_TAX_ID_LENGTH}
        hint="Your VAT or tax number; it is printed on your invoices."
        error={errors.taxId}
      />
      <TextAreaField
        label="Billing address"
        name="billingAddress"
        rows={4}
        maxLength={MAX_FIELD_LENGTH}
        placeholder={'Street and number\nPostcode and city\nCountry'}
        error={errors.billingAddress}
      />
      <p className="-mt-2 text-xs">One part of the address per line; invoices print it as you type it.</p>
      <FormProblem message={problem} />
      <div>
        <BusyButton busy={create.isPending} type="submit" className="btn btn-primary">
          Create company
        </BusyButton>
      </div>
    </form>
  );
}
