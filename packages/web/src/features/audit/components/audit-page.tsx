// The Audit page (B2B §15, docs/product.md §35): the trail newest first, its filters and page in the address,
// a page of entries at a time. Administrators only (the dashboard's RequireAdmin and the API's own check).
import { useRef } from 'react';
import { auditMessages } from '@kestrel/shared';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { StepPager } from '../../../components/ui/step-pager';
import { useQueryString } from '../../../lib/use-query-string';
import { useAudit } from '../api/get-audit';
import { AUDIT_PAGE_SIZE, auditRequestQuery, auditViewQuery, readAuditView } from '../audit-view';
import { AuditEntryCard } from './audit-entry-card';
import { AuditFilters } from './audit-filters';

export function AuditPage() {
  const [query, setQuery] = useQueryString();
  const view = readAuditView(query);
  const audit = useAudit(auditRequestQuery(view));
  const results = useRef<HTMLDivElement>(null);
  const goTo = (page: number) => {
    setQuery(new URLSearchParams(auditViewQuery({ ...view, page })));
    results.current?.focus();
  };
  const data = audit.data;
  const first = (view.page - 1) * AUDIT_PAGE_SIZE;
  const pageCount = data ? Math.ceil(data.total / AUDIT_PAGE_SIZE) : 0;
  const count = data ? `${data.total.toLocaleString('en-US')}${data.totalExact ? '' : '+'}` : '';

  return (
    <section>
      <PageTitle lead="Every change made by staff or an API key: who, when, and each field before and after.">
        Audit trail
      </PageTitle>
      <AuditFilters
        filters={view.filters}
        onApply={(filters) => setQuery(new URLSearchParams(auditViewQuery({ filters, page: 1 })))}
      />
      <div ref={results} tabIndex={-1} className="mt-6 flex flex-col gap-3 outline-none" aria-busy={audit.isFetching}>
        {audit.isPending ? (
          <ListState>Loading the audit trail…</ListState>
        ) : audit.isError ? (
          <ListState alert>The audit trail could not be loaded: {audit.error.message}</ListState>
        ) : data && data.items.length === 0 ? (
          <ListState>{auditMessages.empty}</ListState>
        ) : (
          data?.items.map((entry) => <AuditEntryCard key={entry._id} entry={entry} />)
        )}
      </div>
      {data && data.items.length > 0 ? (
        <StepPager
          label="Audit pages"
          status={`Entries ${first + 1}-${first + data.items.length} of ${count}`}
          previous={view.page > 1 ? () => goTo(view.page - 1) : null}
          // Past the counted entries (totalExact false) a full page may have more behind it.
          next={
            view.page < pageCount || (!data.totalExact && data.items.length === AUDIT_PAGE_SIZE)
              ? () => goTo(view.page + 1)
              : null
          }
        />
      ) : null}
    </section>
  );
}
