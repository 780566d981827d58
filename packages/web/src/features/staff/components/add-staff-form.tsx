// Gives a staff role to an account by its e-mail (B2B §15): the server accepts confirmed accounts only and says so
// (409) for the others; the form checks the address and role with the shared schema first.
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_MAX_LENGTH, STAFF_ROLES, staffAddSchema, type StaffAdd } from '@kestrel/shared';
import type { z } from 'zod';
import { InputField } from '../../../components/ui/field';
import { notify } from '../../../lib/notify';
import { useSetStaffRole } from '../api/set-staff-role';
import { ROLE_LABELS } from './role-labels';
import { FormProblem } from '../../../components/ui/form-problem';

type Parsed = z.output<typeof staffAddSchema>;

export function AddStaffForm() {
  const setRole = useSetStaffRole();
  const [problem, setProblem] = useState<string | null>(null);
  const roleId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<StaffAdd, unknown, Parsed>({
    resolver: zodResolver(staffAddSchema),
    defaultValues: { email: '', role: 'sales' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const saved = await setRole.mutateAsync(values);
      notify.success(`${saved.email} is now ${ROLE_LABELS[saved.role]}`);
      reset({ email: '', role: values.role });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Add a member of staff"
      className="flex max-w-xl flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 className="text-lg font-semibold">Add a member of staff</h2>
      <InputField
        label="E-mail of the account"
        type="email"
        autoComplete="off"
        maxLength={EMAIL_MAX_LENGTH}
        hint="The account must have confirmed its e-mail address."
        registration={register('email')}
        error={errors.email?.message}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={roleId} className="text-sm font-medium">
          Role
        </label>
        <select id={roleId} className="select select-bordered" {...register('role')}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      <FormProblem message={problem} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Give the role
        </button>
      </div>
    </form>
  );
}
