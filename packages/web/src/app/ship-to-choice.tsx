// The checkout's ship-to choice (B2B §12), composed here: the ship-to feature's picker, told which locations the
// buyer may use by the company feature's member record (no feature imports another).
import type { RefObject } from 'react';
import type { ShipToReader } from '../components/checkout-fields';
import { useAuth } from '../lib/auth-store';
import { useMyCompany } from '../features/companies/api/get-my-company';
import { ShipToChoicePicker } from '../features/ship-to/components/ship-to-choice';
import { Spinner } from '../components/ui/spinner';

export function CheckoutShipTo({
  reader,
  addressError,
}: {
  reader: RefObject<ShipToReader | null>;
  addressError: string | undefined;
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
    />
  );
}
