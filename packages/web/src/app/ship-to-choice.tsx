// The checkout's ship-to choice (B2B §12), composed here: the ship-to feature's picker, told which locations the
// buyer may use by the company feature's member record (no feature imports another).
import type { ReactNode, RefObject } from 'react';
import type { ShipToChoice } from '@kestrel/shared';
import type { ShipToReader } from '../components/checkout-fields';
import { useAuth } from '../lib/auth-store';
import { useMyCompany } from '../features/companies/api/get-my-company';
import { useLocations } from '../features/ship-to/api/locations';
import { ShipToChoicePicker } from '../features/ship-to/components/ship-to-choice';
import { Spinner } from '../components/ui/spinner';

export function CheckoutShipTo({
  reader,
  addressError,
  onChosen,
}: {
  reader: RefObject<ShipToReader | null>;
  addressError: string | undefined;
  onChosen?: ((shipTo: ShipToChoice | null | undefined) => void) | undefined;
}) {
  const { user } = useAuth();
  const company = useMyCompany();
  if (user?.company && company.isPending) return <Spinner label="Loading where the order can go" size="sm" />;
  const me = company.data?.members.find((member) => member.userId === user?._id);
  return (
    <ShipToChoicePicker
      reader={reader}
      allowedLocationIds={company.data ? (me?.locationIds ?? null) : undefined}
      addressError={addressError}
      onChosen={onChosen}
    />
  );
}

/**
 * The same choice where only a member of a company with locations needs one (the quote's accept dialog and SPEC's
 * order modal): the server refuses them anything but a location (400 'choose a ship-to location'), so they get the
 * checkout's picker; everyone else gets `children`, the form's own free-text Address, exactly as before. A person is in
 * no company, so nothing more is asked for them.
 */
export function LocationShipTo({ reader, children }: { reader: RefObject<ShipToReader | null>; children: ReactNode }) {
  const { user } = useAuth();
  const locations = useLocations();
  if (!user?.company) return children;
  if (locations.isPending) return <Spinner label="Loading where the order can go" size="sm" />;
  if (!locations.data?.length) return children;
  return <CheckoutShipTo reader={reader} addressError={undefined} />;
}
