// One entry of the trail: when, who (a person or an API key), what and on which target, its summary, and each change
// as a row of a before → after table (B2B §15).
import type { AuditEntry } from '@kestrel/shared';

/** A field's value as text: an empty cell for none, lists and records as JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function actorLabel(actor: AuditEntry['actor']): string {
  return actor.type === 'apiKey' ? `API key ${actor.name}` : `${actor.name} (${actor.email ?? actor.id})`;
}

export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes ?? {});
  const when = new Date(entry.at).toISOString().replace('T', ' ').slice(0, 19);
  return (
    <article aria-label={`${entry.action} ${entry.at}`} className="rounded-box border border-base-300 bg-base-100 p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-mono text-base font-semibold">{entry.action}</h2>
        <p className="text-sm">
          <time dateTime={entry.at}>{when} UTC</time>
        </p>
      </header>
      <p className="mt-1">{entry.summary}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">By</dt>
        <dd className="break-all">{actorLabel(entry.actor)}</dd>
        <dt className="font-medium">Target</dt>
        <dd className="break-all">
          {entry.targetType}
          {entry.targetId ? ` ${entry.targetId}` : ' (every one)'}
        </dd>
        <dt className="font-medium">Request</dt>
        <dd className="break-all font-mono">{entry.requestId}</dd>
      </dl>
      {changes.length > 0 ? (
        <div className="mt-3 overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">Changes of {entry.action}</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col" aria-label="to">
                  →
                </th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {changes.map(([field, [before, after]]) => (
                <tr key={field}>
                  <th scope="row" className="font-mono font-normal">
                    {field}
                  </th>
                  <td className="break-all">{shown(before)}</td>
                  <td aria-hidden="true">→</td>
                  <td className="break-all">{shown(after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </article>
  );
}
