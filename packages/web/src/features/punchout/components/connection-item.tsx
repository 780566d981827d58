import type { PunchoutConnection } from '@kestrel/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDay } from '../../../lib/date-time';
import { notify } from '../../../lib/notify';
import { useDeletePunchoutConnection } from '../api/delete-punchout-connection';
import { ConnectionAddresses } from './connection-addresses';

const PROTOCOL_LABELS = { cxml: 'cXML', oci: 'OCI' } as const;

/** One connection: whose it is, whom it acts as, the addresses to give the customer, and its delete. */
export function ConnectionItem({ connection }: { connection: PunchoutConnection }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeletePunchoutConnection();
  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold">
            {connection.name} <span className="badge badge-outline">{PROTOCOL_LABELS[connection.protocol]}</span>
          </h3>
          <p className="break-words text-sm">
            {connection.companyName}, acting as {connection.userEmail}; added {formatDay(connection.createdAt)}
          </p>
        </div>
        <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setAsking(true)}>
          Delete <span className="sr-only">{connection.name}</span>
        </button>
      </div>
      <ConnectionAddresses connection={connection} />
      <ConfirmDialog
        open={asking}
        title={`Delete the connection ${connection.name}?`}
        confirmLabel="Yes, delete it"
        dismissLabel="Keep it"
        danger
        onClose={() => setAsking(false)}
        onConfirm={() =>
          remove.mutateAsync(connection._id).then(() => notify.success(`Connection ${connection.name} deleted`))
        }
      >
        <p>
          The customer&apos;s system can no longer punch out or send orders with it, and any punch-out session open
          through it ends now.
        </p>
      </ConfirmDialog>
    </li>
  );
}
