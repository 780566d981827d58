import { RETURN_STATUSES, type ReturnStatus } from '@kestrel/shared';
import { useQueryString } from '../../../lib/use-query-string';
import { returnStatusLabel } from './return-status';

/** The status shown, kept in the URL (?status=) so back, forward and links keep the view; an unknown one shows all. */
export function useReturnStatusFilter(): [ReturnStatus | null, (status: ReturnStatus | null) => void] {
  const [query, setQuery] = useQueryString();
  const status = RETURN_STATUSES.find((s) => s === query.get('status')) ?? null;
  return [status, (next) => setQuery(new URLSearchParams(next ? { status: next } : {}))];
}

export function ReturnStatusFilter({
  status,
  onChange,
}: {
  status: ReturnStatus | null;
  onChange: (status: ReturnStatus | null) => void;
}) {
  return (
    <div className="mb-4 flex w-44 flex-col gap-1">
      <label htmlFor="return-status-filter" className="text-sm font-medium">
        Show returns
      </label>
      <select
        id="return-status-filter"
        className="h-9 w-full rounded-field border border-base-300 bg-base-100 px-2 text-sm"
        value={status ?? ''}
        onChange={(event) => onChange(RETURN_STATUSES.find((s) => s === event.target.value) ?? null)}
      >
        <option value="">All statuses</option>
        {RETURN_STATUSES.map((s) => (
          <option key={s} value={s}>
            {returnStatusLabel(s)}
          </option>
        ))}
      </select>
    </div>
  );
}
