// The address forms as lazy parts: they import the country and subdivision lists (`@kestrel/shared/ship-to`), which
// no page should fetch before a form that takes an address is opened.
import { Spinner } from '../../../components/ui/spinner';
import { lazyComponent } from '../../../components/ui/lazy-component';

const loading = (
  <p className="my-3">
    <Spinner label="Loading the address form" size="sm" />
  </p>
);

export const LazyAddressForm = lazyComponent(() => import('./address-form').then((m) => m.AddressForm), loading);
export const LazyOneOffAddress = lazyComponent(() => import('./one-off-address').then((m) => m.OneOffAddress), loading);
