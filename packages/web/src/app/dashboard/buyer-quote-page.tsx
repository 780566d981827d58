// The buyer's quote page (B2B §10) composed with the ship-to feature's choice (B2B §12) in its accept dialog: a
// member of a company with locations accepts to one of them; anyone else types the address as before.
import { QuotePage } from '../../features/quotes/components/quote-page';
import { LocationShipTo } from '../ship-to-choice';

export const BuyerQuotePage = () => <QuotePage seller={false} shipTo={LocationShipTo} />;
