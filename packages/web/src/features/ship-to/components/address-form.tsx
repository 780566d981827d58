// The form of a company location or an address book entry (B2B §12), in a dialog: react-hook-form with the shared
// schema, and a server refusal shown next to the field it names (server-field.ts), else under the form. Reached only
// through lazy-address-form.tsx: it imports the country lists.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AddressAnswer } from '@kestrel/shared';
import { addressFormSchema, type AddressFormInput, type AddressFormOutput } from '@kestrel/shared/ship-to';
import { InputField } from '../../../components/ui/field';
import { ModalActions } from '../../../components/ui/modal-actions';
import { serverField } from '../server-field';
import { AddressFields } from './address-fields';
import { FormProblem } from '../../../components/ui/form-problem';

export interface AddressFormProps {
  kind: 'location' | 'entry';
  /** The saved location or entry being changed; a new one starts empty, in the United States. */
  initial?: { title: string; phone: string | null; address: AddressAnswer } | undefined;
  submitLabel: string;
  onSave: (values: AddressFormOutput) => Promise<unknown>;
  onCancel: () => void;
}

export function formValuesOf(initial: AddressFormProps['initial']): AddressFormInput {
  const a = initial?.address;
  return {
    title: initial?.title ?? '',
    phone: initial?.phone ?? '',
    address: {
      name: a?.name ?? '',
      line1: a?.line1 ?? '',
      line2: a?.line2 ?? '',
      city: a?.city ?? '',
      postalCode: a?.postalCode ?? '',
      region: a?.region ?? '',
      country: a?.country ?? 'US',
    },
  };
}

export function AddressForm({ kind, initial, submitLabel, onSave, onCancel }: AddressFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { register, handleSubmit, watch, setValue, setError, formState } = useForm<
    AddressFormInput,
    unknown,
    AddressFormOutput
  >({
    resolver: zodResolver(addressFormSchema(kind)),
    defaultValues: formValuesOf(initial),
  });
  const errors = formState.errors;
  const submit = handleSubmit(async (values) => {
    setProblem(null);
    setPending(true);
    try {
      await onSave(values);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const field = serverField(message);
      if (field) setError(field, { message }, { shouldFocus: true });
      else setProblem(message);
    } finally {
      setPending(false);
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <InputField
        label={kind === 'location' ? 'Location name' : 'Label'}
        hint={kind === 'location' ? 'How buyers know it, such as "Leeds plant"' : 'Such as "Home" or "Office"'}
        data-autofocus
        registration={register('title')}
        error={errors.title?.message}
      />
      <AddressFields register={register} watch={watch} setValue={setValue} errors={errors} />
      <InputField
        label="Phone at the address (optional)"
        type="tel"
        autoComplete="tel"
        registration={register('phone')}
        error={errors.phone?.message}
      />
      <FormProblem message={problem} />
      <ModalActions dismissLabel="Cancel" onDismiss={onCancel} confirmLabel={submitLabel} pending={pending} />
    </form>
  );
}
