// Creates a punch-out connection (B2B §17): the form checks with the shared schema first; the server's refusals (a
// user who is not an owner or buyer of the company, an identity another connection uses) stand next to their field.
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMAIL_MAX_LENGTH,
  MAX_PUNCHOUT_IDENTITY_LENGTH,
  MAX_PUNCHOUT_NAME_LENGTH,
  punchoutConnectionCreateSchema,
  type PunchoutConnectionCreate,
  type PunchoutConnectionCreated,
} from '@kestrel/shared';
import type { z } from 'zod';
import { InputField } from '../../../components/ui/field';
import { useCreatePunchoutConnection } from '../api/create-punchout-connection';
import { serverField } from './server-field';
import { FormProblem } from '../../../components/ui/form-problem';

type Parsed = z.output<typeof punchoutConnectionCreateSchema>;

export interface CompanyChoice {
  _id: string;
  name: string;
}

interface CreateConnectionFormProps {
  companies: CompanyChoice[];
  onCreated: (created: PunchoutConnectionCreated) => void;
}

const EMPTY: PunchoutConnectionCreate = { name: '', protocol: 'cxml', companyId: '', userEmail: '' };

export function CreateConnectionForm({ companies, onCreated }: CreateConnectionFormProps) {
  const create = useCreatePunchoutConnection();
  const [problem, setProblem] = useState<string | null>(null);
  const protocolId = useId();
  const companyId = useId();
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PunchoutConnectionCreate, unknown, Parsed>({
    resolver: zodResolver(punchoutConnectionCreateSchema),
    defaultValues: EMPTY,
  });
  const cxml = useWatch({ control, name: 'protocol' }) === 'cxml';

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    // OCI keeps no identity: its address names the connection.
    const { identity, ...rest } = values;
    const body = values.protocol === 'cxml' && identity !== undefined ? { ...rest, identity } : rest;
    try {
      const created = await create.mutateAsync(body);
      reset(EMPTY);
      onCreated(created);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const field = serverField(error);
      if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
      else setProblem(message);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="create-connection-title"
      className="flex max-w-xl flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 id="create-connection-title" className="text-lg font-semibold">
        Add a connection
      </h2>
      <InputField
        label="Name"
        maxLength={MAX_PUNCHOUT_NAME_LENGTH}
        hint="What you call the customer's system, e.g. Acme SAP Ariba."
        registration={register('name')}
        error={errors.name?.message}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={protocolId} className="text-sm font-medium">
          Protocol
        </label>
        <select id={protocolId} className="select select-bordered w-full" {...register('protocol')}>
          <option value="cxml">cXML 1.2 (SAP Ariba, Coupa)</option>
          <option value="oci">SAP OCI 4.0 (SAP SRM)</option>
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={companyId} className="text-sm font-medium">
          Company
        </label>
        <select
          id={companyId}
          className={`select select-bordered w-full ${errors.companyId ? 'select-error' : ''}`}
          aria-invalid={errors.companyId ? true : undefined}
          aria-describedby={errors.companyId ? `${companyId}-error` : undefined}
          {...register('companyId')}
        >
          <option value="">Select…</option>
          {companies.map((company) => (
            <option key={company._id} value={company._id}>
              {company.name}
            </option>
          ))}
        </select>
        {errors.companyId ? (
          <p id={`${companyId}-error`} className="text-sm text-error" role="alert">
            {errors.companyId.type === 'server' ? errors.companyId.message : 'Choose a company'}
          </p>
        ) : null}
      </div>
      <InputField
        label="Acts as (e-mail of an owner or buyer of the company)"
        type="email"
        autoComplete="off"
        maxLength={EMAIL_MAX_LENGTH}
        hint="The punch-out sessions shop as this member, at the company's prices."
        registration={register('userEmail')}
        error={errors.userEmail?.message}
      />
      {cxml ? (
        <InputField
          label="cXML identity (the From/Sender identity the system sends)"
          autoComplete="off"
          maxLength={MAX_PUNCHOUT_IDENTITY_LENGTH}
          hint="For SAP Ariba, the customer's Ariba Network ID (AN…)."
          // An empty box is no identity (the schema then asks for one, for cXML only).
          registration={register('identity', { setValueAs: (v: unknown) => (v === '' ? undefined : v) })}
          error={errors.identity?.message}
        />
      ) : null}
      <FormProblem message={problem} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Add connection
        </button>
      </div>
    </form>
  );
}
