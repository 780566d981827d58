// SPEC's order modal composed with the ship-to feature's choice (B2B §12): only a member of a company with locations
// sees it, in place of the Address field; for everyone else the modal is SPEC's own.
import type { ComponentProps } from 'react';
import { OrderModal } from '../../features/orders/components/order-modal';
import { LocationShipTo } from '../ship-to-choice';

export function ProductOrderModal(props: Omit<ComponentProps<typeof OrderModal>, 'shipTo'>) {
  return <OrderModal {...props} shipTo={LocationShipTo} />;
}
