// The fields of a B2B §12 address, shared by the location, address book and one-off forms: a country select from the
// shared list, and for the US and Canada a state or province select (elsewhere the region is free text). This file
// imports `@kestrel/shared/ship-to` and its country lists, so it is only ever reached through a lazy part.
import { useMemo } from 'react';
import type { FieldErrors, UseFormRegister, UseFormSetValue, UseFormWatch } from 'react-hook-form';
import { countryOptions, regionOptionsOf, type AddressFormInput } from '@kestrel/shared/ship-to';
import { InputField, SelectField } from '../../../components/ui/field';

const COUNTRIES = countryOptions().map((c) => ({ value: c.code, label: c.name }));

export interface AddressFieldsProps {
  register: UseFormRegister<AddressFormInput>;
  watch: UseFormWatch<AddressFormInput>;
  setValue: UseFormSetValue<AddressFormInput>;
  errors: FieldErrors<AddressFormInput>;
  /** The address's own name ("Goods in"): optional, printed above the street. */
  withName?: boolean;
}

export function AddressFields({ register, watch, setValue, errors, withName = true }: AddressFieldsProps) {
  const country = watch('address.country');
  const regions = useMemo(() => regionOptionsOf(country), [country]);
  const e = errors.address;
  const countryField = register('address.country', {
    // A region of the old country means nothing in the new one.
    onChange: () => setValue('address.region', ''),
  });
  return (
    <>
      <SelectField
        label="Country"
        autoComplete="country"
        options={COUNTRIES}
        registration={countryField}
        error={e?.country?.message}
      />
      {withName ? (
        <InputField
          label="Attention of (optional)"
          hint="A person or a department, printed above the street"
          registration={register('address.name')}
          error={e?.name?.message}
        />
      ) : null}
      <InputField
        label="Street and number"
        autoComplete="address-line1"
        registration={register('address.line1')}
        error={e?.line1?.message}
      />
      <InputField
        label="Second line (optional)"
        autoComplete="address-line2"
        registration={register('address.line2')}
        error={e?.line2?.message}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          label="City"
          autoComplete="address-level2"
          registration={register('address.city')}
          error={e?.city?.message}
        />
        <InputField
          label={country === 'US' ? 'ZIP code' : 'Postal code'}
          autoComplete="postal-code"
          registration={register('address.postalCode')}
          error={e?.postalCode?.message}
        />
      </div>
      {regions ? (
        <SelectField
          label={country === 'US' ? 'State' : 'Province or territory'}
          autoComplete="address-level1"
          options={[{ value: '', label: 'Choose…' }, ...regions.map((r) => ({ value: r.code, label: r.name }))]}
          registration={register('address.region')}
          error={e?.region?.message}
        />
      ) : (
        <InputField
          label="Region (optional)"
          autoComplete="address-level1"
          registration={register('address.region')}
          error={e?.region?.message}
        />
      )}
    </>
  );
}
