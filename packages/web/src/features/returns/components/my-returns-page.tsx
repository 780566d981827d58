// My Returns (B2B §14): the buyer's returns and, for a company's members, the company's; filtered by status.
import { PageTitle } from '../../../components/ui/page-title';
import { ReturnsList } from './returns-list';

export function MyReturnsPage() {
  return (
    <>
      <PageTitle lead="Units you asked to send back, and where each return stands. Ask for one from a delivered order's page.">
        My Returns
      </PageTitle>
      <ReturnsList
        none='You have not asked for a return yet. Open a delivered order and choose "Return items".'
        caption="Your returns"
        orderLink={(rma) => `/dashboard/orders/${encodeURIComponent(rma.orderId)}`}
      />
    </>
  );
}
