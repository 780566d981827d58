// The list both returns pages show (B2B §14): the status filter kept in `?status=`, the loading and refusal states, the
// empty message, and the table. My Returns and the shop's queue differ only in their words, links and actions.
import type { ReactNode } from 'react';
import type { Return } from '@kestrel/shared';
import { ListState } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useReturns } from '../../../lib/return-query';
import { returnStatusLabel } from './return-status';
import { ReturnStatusFilter, useReturnStatusFilter } from './returns-filter';
import { ReturnsTable } from './returns-table';

interface ReturnsListProps {
  /** Said when there is no return at all (a filter that finds none says so itself). */
  none: string;
  caption: string;
  orderLink: (rma: Return) => string;
  actions?: (rma: Return) => ReactNode;
}

export function ReturnsList({ none, caption, orderLink, actions }: ReturnsListProps) {
  const [status, setStatus] = useReturnStatusFilter();
  const { data, isPending, isError, error } = useReturns({ status });
  return (
    <>
      <ReturnStatusFilter status={status} onChange={setStatus} />
      {isPending ? <PageSpinner label="Loading the returns" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {data && data.length === 0 ? (
        <ListState>{status ? `No returns are ${returnStatusLabel(status).toLowerCase()}.` : none}</ListState>
      ) : null}
      {data && data.length > 0 ? (
        <ReturnsTable returns={data} caption={caption} orderLink={orderLink} actions={actions} />
      ) : null}
    </>
  );
}
