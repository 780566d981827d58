import type { PunchoutConnection } from '@kestrel/shared';

/**
 * The addresses the customer configures their system with: cXML's setup and order URLs with the identity, or OCI's
 * sign-in URL with the user name (OCI's USERNAME is the member the connection acts as).
 */
export function ConnectionAddresses({ connection }: { connection: PunchoutConnection }) {
  const rows: Array<[string, string]> =
    connection.protocol === 'cxml'
      ? [
          ['PunchOutSetupRequest URL', connection.setupUrl],
          ['OrderRequest URL', connection.orderUrl ?? ''],
          ['Sender identity', connection.identity ?? ''],
        ]
      : [
          ['OCI sign-in URL (with HOOK_URL)', connection.setupUrl],
          ['USERNAME', connection.userEmail],
        ];
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium">{label}</dt>
          <dd className="break-all font-mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
