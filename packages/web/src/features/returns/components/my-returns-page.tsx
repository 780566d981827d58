// My Returns (B2B §14): the buyer's returns and, for a company's members, the company's; filtered by status.
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useReturns } from '../../../lib/return-query';
import { returnStatusLabel } from './return-status';
import { ReturnStatusFilter, useReturnStatusFilter } from './returns-filter';
import { ReturnsTable } from './returns-table';

export function MyReturnsPage() {
  const [status, setStatus] = useReturnStatusFilter();
  const { data, isPending, isError, error } = useReturns({ status });
  return (
    <>
      <PageTitle lead="Units you asked to send back, and where each return stands. Ask for one from a delivered order's page.">
        My Returns
      </PageTitle>
      <ReturnStatusFilter status={status} onChange={setStatus} />
      {isPending ? <PageSpinner label="Loading the returns" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data && data.length === 0 ? (
        <ListState>
          {status
            ? `No returns are ${returnStatusLabel(status).toLowerCase()}.`
            : 'You have not asked for a return yet. Open a delivered order and choose "Return items".'}
        </ListState>
      ) : null}
      {data && data.length > 0 ? (
        <ReturnsTable
          returns={data}
          caption="Your returns"
          orderLink={(rma) => `/dashboard/orders/${encodeURIComponent(rma.orderId)}`}
        />
      ) : null}
    </>
  );
}
