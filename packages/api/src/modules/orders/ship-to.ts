// B2B §12: where an order goes, decided once for every way of ordering (checkout, POST /api/orders, SPEC's order,
// quote accept). A member of a company with locations names one of them, and only one allowed to them; anyone else may
// name an address book entry or a one-off address, or nothing (then the order carries `shipTo: null` and its free-text
// address, exactly as before). Answers the copy the order keeps, or null.
import { addressLines, type ShipToChoice } from '@kestrel/shared';
import { addressSchemaAt } from '@kestrel/shared/ship-to';
import type { Db } from '../../infra/db/create-db.js';
import { AppError, forbidden, notFound } from '../../infra/errors.js';
import { findLocation, type Membership } from '../companies/index.js';
import type { AddressBookService } from '../ship-to/index.js';
import { addressOf } from '../ship-to/index.js';

export interface ShipToCopy {
  ship_to_location_id: string | null;
  ship_to_name: string | null;
  ship_to_line1: string;
  ship_to_line2: string | null;
  ship_to_city: string;
  ship_to_postal_code: string;
  ship_to_region: string | null;
  ship_to_country: string;
}

const oneOffAddress = addressSchemaAt('shipTo.address');
export const CHOOSE_LOCATION = 'choose a ship-to location';

export interface ShipToDeps {
  db: Db;
  addressBook?: Pick<AddressBookService, 'find'> | undefined;
}

export async function decideShipTo(
  deps: ShipToDeps,
  userId: string,
  membership: Membership | undefined,
  choice: ShipToChoice | undefined,
): Promise<ShipToCopy | null> {
  const mustUseLocation = membership?.hasLocations === true;
  if (!choice) {
    if (mustUseLocation) throw new AppError(400, 'ship_to_required', CHOOSE_LOCATION);
    return null;
  }
  if (choice.locationId !== undefined) {
    // A location of another company (or of none) does not exist to this caller.
    const row = membership ? await findLocation(deps.db, membership.companyId, choice.locationId) : undefined;
    if (!membership || !row) throw notFound('Location');
    const allowed = membership.locationIds ?? null;
    if (allowed !== null && !allowed.includes(row.id)) {
      throw forbidden('You may not order to this location: ask an owner of your company');
    }
    return copyOf(addressOf(row), row.id, row.name);
  }
  if (mustUseLocation) throw new AppError(400, 'ship_to_required', CHOOSE_LOCATION);
  if (choice.addressId !== undefined) {
    const entry = await deps.addressBook?.find(userId, choice.addressId);
    if (!entry) throw notFound('Address');
    return copyOf(entry.address, null, entry.label);
  }
  const parsed = oneOffAddress.safeParse(choice.address);
  if (!parsed.success) {
    throw new AppError(400, 'validation_error', parsed.error.issues[0]?.message ?? 'shipTo.address is invalid');
  }
  return copyOf(parsed.data, null, null);
}

function copyOf(
  address: ReturnType<typeof addressOf>,
  locationId: string | null,
  fallbackName: string | null,
): ShipToCopy {
  return {
    ship_to_location_id: locationId,
    // The address's own name, else the location's name or the entry's label.
    ship_to_name: address.name ?? fallbackName,
    ship_to_line1: address.line1,
    ship_to_line2: address.line2,
    ship_to_city: address.city,
    ship_to_postal_code: address.postalCode,
    ship_to_region: address.region,
    ship_to_country: address.country,
  };
}

/** SPEC's free-text `address` of an order with a ship-to: the copy on its lines (shared `addressLines`). */
export function addressText(copy: ShipToCopy): string {
  return addressLines({
    name: copy.ship_to_name,
    line1: copy.ship_to_line1,
    line2: copy.ship_to_line2,
    city: copy.ship_to_city,
    postalCode: copy.ship_to_postal_code,
    region: copy.ship_to_region,
    country: copy.ship_to_country,
  }).join('\n');
}
