// "Create a company" (B2B §5): the caller, in no company yet, becomes its owner. The fields are checked with the
// server's schema, said in company-checks.ts's words; a refusal from the server (409: already in a company) is said
// above the button.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  companyCreateSchema,
  MAX_COMPANY_NAME_LENGTH,
  MAX_FIELD_LENGTH,
  MAX_TAX_ID_LENGTH,
  type CompanyCreate,
} from '@kestrel/shared';
import { InputField, TextAreaField } from '../../../components/ui/field';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { schemaResolver } from '../../../lib/schema-resolver';
import { useCreateCompany } from '../api/create-company';
import { companyWords } from '../company-checks';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormProblem } from '../../../components/ui/form-problem';

export function CreateCompanyForm() {
  const create = useCreateCompany();
  const [problem, setProblem] = useState<string | null>(null);
  // After the first submit, each edited field's message follows what is typed; the first wrong field takes the focus.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: schemaResolver(companyCreateSchema, companyWords),
    defaultValues: { name: '', taxId: '', billingAddress: '' } satisfies CompanyCreate,
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    // mutateAsync, awaited here: once the company exists the page shows it and this form unmounts.
    try {
      const company = await create.mutateAsync(values);
      notify.success(`${company.name} is created: you are its owner`);
    } catch (error) {
      setProblem(
        error instanceof ApiRequestError && error.code === 'already_in_company'
          ? 'You are already in a company, so you cannot create another. Reload this page to see it.'
          : error instanceof Error
            ? error.message
            : String(error),
      );
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="create-company-title"
      className="flex max-w-xl flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5"
    >
      <h2 id="create-company-title" className="text-xl font-semibold">
        Create a company
      </h2>
      <InputField
        label="Company name"
        autoComplete="organization"
        maxLength={MAX_COMPANY_NAME_LENGTH}
        registration={register('name')}
        error={errors.name?.message}
      />
      <InputField
        label="Tax ID (optional)"
        maxLength={MAX_TAX_ID_LENGTH}
        hint="Your VAT or tax number; it is printed on your invoices."
        registration={register('taxId')}
        error={errors.taxId?.message}
      />
      <TextAreaField
        label="Billing address"
        rows={4}
        maxLength={MAX_FIELD_LENGTH}
        placeholder={'Street and number\nPostcode and city\nCountry'}
        registration={register('billingAddress')}
        error={errors.billingAddress?.message}
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
