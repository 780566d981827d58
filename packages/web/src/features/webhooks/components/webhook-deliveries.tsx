import { ListState } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';

const time = (iso: string) => new Date(iso).toLocaleString();

/**
 * The endpoint's latest attempts, newest first: each one's status, why it failed (in plain words, then the technical
 * text) and next try.
 */
export function WebhookDeliveries({ id, url }: { id: string; url: string }) {
  const { data, isPending, isError, error } = useWebhookDeliveries(id);
  if (isPending) return <Spinner size="sm" label="Loading the delivery log" />;
  if (isError) return <ListState alert>{error.message}</ListState>;
  if (data.length === 0) return <p className="text-sm">No deliveries yet.</p>;
  return (
    // Wider than a phone: the region scrolls, and keyboard users reach it.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Delivery log of ${url}, scrollable`}>
      <table className="table table-sm">
        <caption className="sr-only">Delivery log of {url}</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">When</th>
            <th scope="col">Event</th>
            <th scope="col">Attempt</th>
            <th scope="col">Status</th>
            <th scope="col">Error</th>
            <th scope="col">Next attempt</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={`${d.eventId}-${d.attempt}`}>
              <td className="whitespace-nowrap">{time(d.at)}</td>
              <td>
                <span className="block">{d.type}</span>
                <span className="block break-all font-mono text-xs">{d.eventId}</span>
              </td>
              <td>{d.attempt}</td>
              <td>{d.status ?? 'no answer'}</td>
              <td className="break-words">
                {d.error === null ? (
                  'delivered'
                ) : (
                  <>
                    <span className="block first-letter:uppercase">{d.explanation ?? d.error}</span>
                    {/* The technical detail, for whoever runs the receiver. */}
                    <span className="block break-all font-mono text-xs">{d.error}</span>
                  </>
                )}
              </td>
              <td className="whitespace-nowrap">{d.nextAttemptAt ? time(d.nextAttemptAt) : '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
