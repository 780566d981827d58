// One list (B2B §16, `/dashboard/lists/{id}`): its lines priced now for the reader, edited by those who may, added to
// the cart whole or in parts; what the reader may not do is not offered, and the page says why.
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ListLinesPut } from '@kestrel/shared';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useOrderingRefusal } from '../../../lib/company-role';
import { formatTime } from '../../../lib/date-time';
import { useList } from '../api/get-list';
import { usePutListLines } from '../api/put-list-lines';
import { listAccess } from '../list-access';
import { AddBySkuForm } from './add-by-sku-form';
import { ListLinesTable } from './list-lines-table';
import { ListSettings } from './list-settings';
import { ListToCart } from './list-to-cart';

const UNSAVED = 'Save or undo your changes to the lines first.';

export function ListPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const { data: list, isPending, isError, error } = useList(id);
  const putLines = usePutListLines();
  const orderingRefusal = useOrderingRefusal();
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [saved, setSaved] = useState<{ ok: boolean; text: string } | null>(null);
  const toggle = useCallback(
    (productId: string) =>
      setSelected((now) => {
        const next = new Set(now);
        if (!next.delete(productId)) next.add(productId);
        return next;
      }),
    [],
  );

  if (isPending) return <PageSpinner label="Loading the list" />;
  if (isError) {
    const missing = error instanceof ApiRequestError && error.status === 404;
    return (
      <>
        <PageTitle>{missing ? 'List not found' : 'List'}</PageTitle>
        <ListState alert>
          {missing ? 'This list does not exist or is not yours to see.' : error.message}{' '}
          <Link to="/dashboard/lists" className="link">
            Back to My Lists
          </Link>
        </ListState>
      </>
    );
  }

  const access = listAccess(list, user);
  const mine = list.createdBy === user?._id;
  const save = async (body: ListLinesPut) => {
    setSaved(null);
    try {
      const answer = await putLines.mutateAsync({ listId: list._id, body });
      // Ticks of lines no longer on the list go.
      setSelected((now) => new Set(answer.lines.map((l) => l.productId).filter((p) => now.has(p))));
      const problems = answer.lines.filter((line) => line.problem !== null).length;
      setSaved({
        ok: true,
        text: `Saved.${problems > 0 ? ` ${problems} ${problems === 1 ? 'line has a problem' : 'lines have problems'}: see under ${problems === 1 ? 'its' : 'their'} name.` : ''}`,
      });
      return answer;
    } catch (cause) {
      setSaved({ ok: false, text: cause instanceof Error ? cause.message : String(cause) });
      throw cause;
    }
  };

  return (
    <>
      <PageTitle
        lead={`${
          list.shared
            ? `Shared with ${user?.company?.name ?? 'your company'}, made ${mine ? 'by you' : 'by a colleague'}`
            : 'Private: only you see it'
        }. Prices are today's for you; updated ${formatTime(list.updatedAt)}.`}
      >
        {list.name}
      </PageTitle>
      <p className="mb-4 text-sm">
        <Link to="/dashboard/lists" className="link">
          Back to My Lists
        </Link>
      </p>
      {access.readOnlyReason ? (
        <p className="mb-4 rounded-box border border-base-300 bg-base-100 p-4 text-sm" data-testid="read-only">
          Read only. {access.readOnlyReason}.
        </p>
      ) : null}
      <div className="flex flex-col gap-6">
        {list.lines.length === 0 ? (
          <ListState>This list has no lines yet{access.editLines ? ': add some by SKU below' : ''}.</ListState>
        ) : (
          <section aria-label="Lines">
            <ListLinesTable
              list={list}
              editable={access.editLines}
              selection={orderingRefusal ? null : { selected, toggle }}
              saving={putLines.isPending}
              onSave={save}
              onDirty={setDirty}
            />
            <p role="status" className={`mt-2 text-sm ${saved?.ok === false ? 'text-error' : ''}`}>
              {saved?.text}
            </p>
          </section>
        )}
        {access.editLines ? <AddBySkuForm listId={list._id} blocked={dirty ? UNSAVED : null} /> : null}
        {orderingRefusal ? (
          <p className="text-sm">{orderingRefusal}</p>
        ) : (
          <ListToCart
            list={list}
            selected={selected}
            onSelectAll={() => setSelected(new Set(list.lines.map((line) => line.productId)))}
            onClear={() => setSelected(new Set())}
            blocked={dirty ? UNSAVED : null}
          />
        )}
        {access.manage ? (
          <ListSettings key={list._id} list={list} />
        ) : access.manageReason && !access.readOnlyReason ? (
          <p className="text-sm">{access.manageReason}</p>
        ) : null}
      </div>
    </>
  );
}
