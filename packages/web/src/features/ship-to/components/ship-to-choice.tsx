// The checkout's ship-to choice (B2B §12). A member of a company with locations picks one of the locations they may
// use, the default preselected (the server refuses any other way, 400 'choose a ship-to location'). Anyone else picks
// an address book entry (the default preselected), a one-off address (the address form, loaded on demand) or the
// free-text address as before (preselected without entries, so an order without `shipTo` is placed exactly as today).
import { useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { addressLines, cityLine, type AddressAnswer, type ShipToChoice } from '@kestrel/shared';
import { AddressTextField, type ShipToReader } from '../../../components/checkout-fields';
import { Spinner } from '../../../components/ui/spinner';
import { useAddressBook } from '../api/address-book';
import { useLocations } from '../api/locations';
import { LazyOneOffAddress } from './lazy-address-form';
import type { OneOffHandle } from './one-off-address';
import type { Address } from '@kestrel/shared/ship-to';

const TEXT = 'text';
const ONE_OFF = 'one-off';

interface Option {
  value: string;
  label: string;
  detail?: string;
}

const optionOf = (
  kind: 'location' | 'entry',
  id: string,
  title: string,
  address: AddressAnswer,
  isDefault: boolean,
) => ({
  value: `${kind}:${id}`,
  label: `${title}${isDefault ? ' (default)' : ''}`,
  detail: `${address.line1}, ${cityLine(address)}, ${address.country}`,
});

export interface ShipToChoiceProps {
  reader: Ref<ShipToReader>;
  /** The caller's limit in their company (null: every location; undefined: in no company). */
  allowedLocationIds: string[] | null | undefined;
  /** The free-text address's own message (the checkout's check). */
  addressError?: string | undefined;
  /**
   * Told the choice whenever it changes, for the checkout's tax (B2B §13): a location or an entry as its `shipTo`,
   * undefined for the typed text (no ship-to: the shop's country), a one-off address as `{ address }` once its fields
   * are complete, null while they are not.
   */
  onChosen?: ((shipTo: ShipToChoice | null | undefined) => void) | undefined;
}

export function ShipToChoicePicker({ reader, allowedLocationIds, addressError, onChosen }: ShipToChoiceProps) {
  const legendId = useId();
  const member = allowedLocationIds !== undefined;
  const locations = useLocations();
  const book = useAddressBook();
  const oneOff = useRef<OneOffHandle>(null);
  const [picked, setPicked] = useState<string | null>(null);

  const allLocations = member ? (locations.data ?? []) : [];
  const usable = allLocations.filter((l) => allowedLocationIds == null || allowedLocationIds.includes(l._id));
  const byLocation = allLocations.length > 0;
  const entries = byLocation ? [] : (book.data ?? []);
  const options: Option[] = byLocation
    ? usable.map((l) => optionOf('location', l._id, l.name, l.address, l.isDefault))
    : [
        ...entries.map((e) => optionOf('entry', e._id, e.label, e.address, e.isDefault)),
        { value: TEXT, label: 'Type it as text' },
        { value: ONE_OFF, label: 'Another place, field by field' },
      ];
  const preselected = byLocation
    ? (usable.find((l) => l.isDefault) ?? usable[0])?._id
    : entries.find((e) => e.isDefault)?._id;
  const fallback = preselected ? `${byLocation ? 'location' : 'entry'}:${preselected}` : byLocation ? null : TEXT;
  const chosen = picked !== null && options.some((o) => o.value === picked) ? picked : fallback;

  useEffect(() => {
    if (!onChosen) return;
    // A one-off address reports itself once its fields are complete (oneOffComplete below).
    if (chosen === null || chosen === ONE_OFF) onChosen(null);
    else if (chosen === TEXT) onChosen(undefined);
    else {
      const [kind, id = ''] = chosen.split(':');
      onChosen(kind === 'location' ? { locationId: id } : { addressId: id });
    }
  }, [chosen, onChosen]);

  const oneOffComplete = useCallback((address: Address | null) => onChosen?.(address ? { address } : null), [onChosen]);

  useImperativeHandle(reader, () => ({
    read: async () => {
      if (chosen === null) return null;
      if (chosen === TEXT) return {};
      if (chosen === ONE_OFF) {
        const address = (await oneOff.current?.read()) ?? null;
        return address ? { shipTo: { address }, address: addressLines(address).join('\n') } : null;
      }
      const [kind, id = ''] = chosen.split(':');
      const found =
        kind === 'location' ? usable.find((l) => l._id === id)?.address : entries.find((e) => e._id === id)?.address;
      if (!found) return null;
      return {
        shipTo: kind === 'location' ? { locationId: id } : { addressId: id },
        address: addressLines(found).join('\n'),
      };
    },
    showRefusal: (message) => (chosen === ONE_OFF ? (oneOff.current?.showRefusal(message) ?? false) : false),
  }));

  if ((member && locations.isPending) || (!byLocation && book.isPending && book.fetchStatus !== 'idle')) {
    return <Spinner label="Loading where the order can go" size="sm" />;
  }
  return (
    <fieldset className="flex flex-col gap-2" aria-labelledby={legendId}>
      <legend id={legendId} className="text-sm font-medium">
        Ship to
      </legend>
      {byLocation && usable.length === 0 ? (
        <p role="alert" className="text-sm text-error">
          You may not order to any of your company&apos;s locations: ask an owner to allow you one.
        </p>
      ) : null}
      {options.map((option) => (
        <label key={option.value} className="flex items-start gap-2">
          <input
            type="radio"
            name="shipToChoice"
            className="radio radio-sm mt-0.5"
            value={option.value}
            checked={chosen === option.value}
            onChange={() => setPicked(option.value)}
          />
          <span className="min-w-0 break-words">
            {option.label}
            {option.detail ? <span className="block text-xs">{option.detail}</span> : null}
          </span>
        </label>
      ))}
      {chosen === TEXT ? <AddressTextField error={addressError} /> : null}
      {chosen === ONE_OFF ? (
        <LazyOneOffAddress handle={oneOff} onComplete={onChosen ? oneOffComplete : undefined} />
      ) : null}
    </fieldset>
  );
}
