// Both order pages (B2B §11) composed with the returns feature (B2B §14): the order's returns and, for its buyer,
// "Return items".
import { OrderPage } from '../../features/orders/components/order-page';
import { OrderReturns } from '../../features/returns/components/order-returns';

export const BuyerOrderPage = () => <OrderPage admin={false} returns={OrderReturns} />;
export const AdminOrderPage = () => <OrderPage admin returns={OrderReturns} />;
