// My Lists (B2B §16, `/dashboard/lists`): the reader's private lists and their company's shared ones, each with its
// name, whether it is shared, its lines, its total at today's prices and when it last changed; a new list is made
// here, from a product's page or from the cart.
import { Link } from 'react-router';
import type { ListSummary } from '@kestrel/shared';
import { LineTable } from '../../../components/ui/line-table';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-store';
import { formatCount } from '../../../lib/count';
import { formatTime } from '../../../lib/date-time';
import { formatDollars } from '../../../lib/money';
import { useLists } from '../api/get-lists';
import { NewListForm } from './new-list-form';

function sharing(list: ListSummary, companyName: string | undefined, me: string | undefined): string {
  if (!list.shared) return 'Private';
  const by = list.createdBy === me ? 'by you' : 'by a colleague';
  return `Shared with ${companyName ?? 'your company'} (${by})`;
}

export function MyListsPage() {
  const { user } = useAuth();
  const { data: lists, isPending, isError, error } = useLists();

  return (
    <>
      <PageTitle lead="Parts you reorder for each site or project: add a list to your cart in one step, at today's prices.">
        My Lists
      </PageTitle>
      {isPending ? <PageSpinner label="Loading your lists" /> : null}
      {isError ? <ListState alert>{error.message}</ListState> : null}
      {lists && lists.length === 0 ? (
        <ListState>
          You have no lists yet. Make one below, choose Add to list on a product&apos;s page, or save your cart as a
          list.
        </ListState>
      ) : null}
      {lists && lists.length > 0 ? (
        <LineTable
          label="Lists"
          caption="Your lists and your company's shared lists"
          boxed
          columns={[
            { label: 'Name' },
            { label: 'Shared' },
            { label: 'Lines', numeric: true },
            { label: 'Total', numeric: true },
            { label: 'Updated' },
          ]}
        >
          <tbody>
            {lists.map((list) => (
              <tr key={list._id}>
                <th scope="row" data-label="Name">
                  <Link to={`/dashboard/lists/${encodeURIComponent(list._id)}`} className="link link-primary">
                    {list.name}
                  </Link>
                </th>
                <td data-label="Shared">{sharing(list, user?.company?.name, user?._id)}</td>
                <td className="text-right tabular-nums" data-label="Lines">
                  {formatCount(list.lineCount)}
                </td>
                <td className="text-right tabular-nums" data-label="Total">
                  {formatDollars(list.total)}
                </td>
                <td data-label="Updated">
                  <time dateTime={list.updatedAt}>{formatTime(list.updatedAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </LineTable>
      ) : null}
      <div className="mt-8">
        <NewListForm />
      </div>
    </>
  );
}
