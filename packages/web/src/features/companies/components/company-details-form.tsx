// The owner's edit of the company's details (issue #47): name, tax ID and billing address, checked by the same shared
// schema as "Create a company" and PATCH /api/companies/mine, so the form and the server refuse the same things
// (a web address in the name, line breaks in it). Loaded only when an owner opens it (company-details-part.tsx).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  companyCreateSchema,
  MAX_COMPANY_NAME_LENGTH,
  MAX_FIELD_LENGTH,
  MAX_TAX_ID_LENGTH,
  type Company,
  type CompanyCreate,
} from '@kestrel/shared';
import type { z } from 'zod';
import { InputField, TextAreaField } from '../../../components/ui/field';
import { notify } from '../../../lib/notify';
import { useUpdateCompany } from '../api/update-company';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormProblem } from '../../../components/ui/form-problem';

type Parsed = z.output<typeof companyCreateSchema>;

export interface CompanyDetailsFormProps {
  company: Company;
  /** Closes the form: after saving, or on Cancel. */
  onDone: () => void;
}

export function CompanyDetailsForm({ company, onDone }: CompanyDetailsFormProps) {
  const update = useUpdateCompany();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CompanyCreate, unknown, Parsed>({
    resolver: zodResolver(companyCreateSchema),
    defaultValues: { name: company.name, taxId: company.taxId ?? '', billingAddress: company.billingAddress },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const saved = await update.mutateAsync(values);
      notify.success(`The details of ${saved.name} are saved`);
      onDone();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Edit the company's details"
      className="flex max-w-xl flex-col gap-4"
    >
      <InputField
        label="Company name"
        autoComplete="organization"
        maxLength={MAX_COMPANY_NAME_LENGTH}
        hint="One line, without web addresses: invites and invoices print it."
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
        registration={register('billingAddress')}
        error={errors.billingAddress?.message}
      />
      <p className="-mt-2 text-xs">
        One part of the address per line. Invoices and credit notes print the details as they are when printed.
      </p>
      <FormProblem message={problem} />
      <div className="flex flex-wrap gap-3">
        <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary">
          Save details
        </BusyButton>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
