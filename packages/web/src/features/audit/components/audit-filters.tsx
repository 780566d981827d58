// The Audit page's filters (person, action, target type, target id, from, to), checked by the same shared schema as
// GET /api/admin/audit, so the form refuses what the API would. Applying them is a new address (audit-view.ts).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { auditFilterFormSchema, type AuditFilterForm } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { NO_FILTERS } from '../audit-view';

export function AuditFilters({
  filters,
  onApply,
}: {
  filters: AuditFilterForm;
  onApply: (f: AuditFilterForm) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AuditFilterForm>({ resolver: zodResolver(auditFilterFormSchema), values: filters });

  return (
    <form
      noValidate
      aria-label="Filter the audit trail"
      onSubmit={handleSubmit((values) => onApply(values))}
      className="grid grid-cols-1 gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <InputField
        label="Person"
        hint="An e-mail, a user id or an API key id"
        registration={register('actor')}
        error={errors.actor?.message}
      />
      <InputField
        label="Action"
        hint="For example product.updated"
        registration={register('action')}
        error={errors.action?.message}
      />
      <InputField
        label="Target type"
        hint="product, order, company, quote, admin, apiKey, webhook"
        registration={register('targetType')}
        error={errors.targetType?.message}
      />
      <InputField label="Target id" registration={register('targetId')} error={errors.targetId?.message} />
      <InputField
        label="From"
        hint="A date (the whole UTC day) or an ISO time"
        placeholder="2026-03-31"
        registration={register('from')}
        error={errors.from?.message}
      />
      <InputField
        label="To"
        hint="A date (the whole UTC day) or an ISO time"
        placeholder="2026-03-31"
        registration={register('to')}
        error={errors.to?.message}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" className="btn btn-primary btn-sm">
          Apply filters
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => {
            reset(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}
