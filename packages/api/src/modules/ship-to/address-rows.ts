// The address columns a company location and an address book entry share, to and from the shared address shape
// (B2B §12): one mapping, so a location and an entry are stored and answered alike.
import type { Address } from '@kestrel/shared/ship-to';
import type { AddressRow } from '../../infra/db/schema.js';

export function addressColumns(address: Address): AddressRow {
  return {
    address_name: address.name,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    postal_code: address.postalCode,
    region: address.region,
    country: address.country,
  };
}

export function addressOf(row: AddressRow): Address {
  return {
    name: row.address_name,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    postalCode: row.postal_code,
    region: row.region,
    country: row.country,
  };
}
