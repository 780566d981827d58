// An OrderRequest's ShipTo/Address as a plain object (B2B §17), and the B2B §12 ship-to it asks the order for: the
// company's location it names when the company has locations (a member of such a company orders to one of them
// only), else the address itself as a one-off, judged by §12's rules like any other.
import type { ShipToChoice } from '@kestrel/shared';
import type { LocationRow } from '../companies/index.js';
import { at, attr, child, children, textOf, type XmlValue } from './xml-input.js';

export interface PunchoutShipTo {
  name: string | null;
  street: string[];
  city: string | null;
  state: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2, as Country isoCountryCode gives it. */
  country: string | null;
  /** "+{country code} {area code} {number}" from Address/Phone/TelephoneNumber; null when absent. */
  phone: string | null;
}

function phoneOf(address: XmlValue | undefined): string | null {
  const number = at(address, 'Phone', 'TelephoneNumber');
  const parts = [
    textOf(child(number, 'CountryCode')),
    textOf(child(number, 'AreaOrCityCode')),
    textOf(child(number, 'Number')),
  ];
  const [country, area, local] = parts;
  if (local === undefined) return null;
  return [country === undefined ? undefined : `+${country}`, area, local].filter((p) => p !== undefined).join(' ');
}

/** Undefined when the request has no ShipTo/Address. */
export function readShipTo(shipTo: XmlValue | undefined): PunchoutShipTo | undefined {
  const address = child(shipTo, 'Address');
  if (address === undefined) return undefined;
  const postal = child(address, 'PostalAddress');
  return {
    name: textOf(child(address, 'Name')) ?? null,
    street: children(postal, 'Street')
      .map((s) => textOf(s))
      .filter((s) => s !== undefined),
    city: textOf(child(postal, 'City')) ?? null,
    state: textOf(child(postal, 'State')) ?? null,
    postalCode: textOf(child(postal, 'PostalCode')) ?? null,
    country: attr(child(postal, 'Country'), 'isoCountryCode')?.toUpperCase() ?? null,
    phone: phoneOf(address),
  };
}

/** Two address parts alike as people write them: case and runs of spaces apart. */
const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().replace(/\s+/g, ' ').toLowerCase() === (b ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The ship-to choice for the order: a location of the company whose first street line, postal code and country are
 * the request's (or whose name is its Name), or the address as a one-off when the company keeps no locations.
 * Undefined: no ShipTo, or none of the locations (the order service then answers 'choose a ship-to location').
 */
export function shipToChoiceOf(
  shipTo: PunchoutShipTo | undefined,
  locations: Array<Pick<LocationRow, 'id' | 'name' | 'line1' | 'postal_code' | 'country'>> | undefined,
): ShipToChoice | undefined {
  if (!shipTo) return undefined;
  if (locations && locations.length > 0) {
    const byAddress = locations.find(
      (l) =>
        same(l.line1, shipTo.street[0]) && same(l.postal_code, shipTo.postalCode) && same(l.country, shipTo.country),
    );
    const found = byAddress ?? locations.find((l) => shipTo.name !== null && same(l.name, shipTo.name));
    return found ? { locationId: found.id } : undefined;
  }
  return {
    address: {
      name: shipTo.name ?? undefined,
      line1: shipTo.street[0],
      line2: shipTo.street.slice(1).join(', ') || undefined,
      city: shipTo.city ?? undefined,
      postalCode: shipTo.postalCode ?? undefined,
      region: shipTo.state ?? undefined,
      country: shipTo.country ?? undefined,
    },
  };
}
