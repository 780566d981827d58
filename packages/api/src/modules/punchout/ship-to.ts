// An OrderRequest's ShipTo/Address as a plain object (B2B §17, §12). The order's ship-to itself is B2B §12's, built
// on another branch: until it is wired in, only the phone of this object is used (Address/Phone, else the profile's).
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
