// The profile page (SPEC's My Profile) with the buyer's address book (B2B §12) below it, from the features that own
// them; no feature imports another.
import { ProfilePage } from '../../features/profile/components/profile-page';
import { AddressBookSection } from '../../features/ship-to/components/address-book-section';

export function ProfileRoute() {
  return <ProfilePage more={<AddressBookSection />} />;
}
