// The checkout's one-off address (B2B §12): the address fields alone, checked with the shared schema when the order
// is placed (read()), a server refusal shown next to the field it names. Reached only through a lazy part: it imports
// the country lists.
import { useEffect, useImperativeHandle, type Ref } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Address } from '@kestrel/shared/ship-to';
import { addressFormSchema, type AddressFormInput, type AddressFormOutput } from '@kestrel/shared/ship-to';
import { serverField } from '../server-field';
import { AddressFields } from './address-fields';
import { formValuesOf } from './address-form';

export interface OneOffHandle {
  /** The address when every field is right, else null (the fields then say what is wrong). */
  read(): Promise<Address | null>;
  /** Puts a server refusal next to its field; false when it names none of them. */
  showRefusal(message: string): boolean;
}

const schema = addressFormSchema('one-off');

/** How long the typing pauses before a complete address is handed on (the checkout then asks for its tax). */
const SETTLED_MS = 400;

export function OneOffAddress({
  handle,
  onComplete,
}: {
  handle: Ref<OneOffHandle>;
  /** Told the address once every field is right (quietly: no message shown), null while it is not. */
  onComplete?: ((address: Address | null) => void) | undefined;
}) {
  const { register, handleSubmit, watch, setValue, setError, formState, control } = useForm<
    AddressFormInput,
    unknown,
    AddressFormOutput
  >({ resolver: zodResolver(schema), defaultValues: formValuesOf(undefined) });
  const values = useWatch({ control });
  useEffect(() => {
    if (!onComplete) return;
    const timer = setTimeout(() => {
      const parsed = schema.safeParse(values);
      onComplete(parsed.success ? parsed.data.address : null);
    }, SETTLED_MS);
    return () => clearTimeout(timer);
  }, [values, onComplete]);
  useImperativeHandle(handle, () => ({
    read: () =>
      new Promise<Address | null>((resolve) => {
        void handleSubmit(
          (values) => resolve(values.address),
          () => resolve(null),
        )();
      }),
    showRefusal: (message) => {
      const field = serverField(message);
      if (!field?.startsWith('address.')) return false;
      setError(field, { message }, { shouldFocus: true });
      return true;
    },
  }));
  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 p-3">
      <AddressFields register={register} watch={watch} setValue={setValue} errors={formState.errors} />
    </div>
  );
}
