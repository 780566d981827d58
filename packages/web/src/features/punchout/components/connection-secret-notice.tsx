import type { PunchoutConnectionCreated } from '@kestrel/shared';
import { useState } from 'react';
import { ConnectionAddresses } from './connection-addresses';

/** The new connection's shared secret, shown this once (the shop keeps only its hash), with what to give the customer. */
export function ConnectionSecretNotice({
  created,
  onDone,
}: {
  created: PunchoutConnectionCreated;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard
      .writeText(created.sharedSecret)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  return (
    <section
      aria-labelledby="punchout-secret-title"
      className="flex flex-col gap-3 rounded-box border border-success bg-base-100 p-4"
      role="status"
    >
      <h2 id="punchout-secret-title" className="font-semibold">
        Connection {created.name} added: copy its shared secret now
      </h2>
      <p className="text-sm">
        The shared secret is shown only once: the shop keeps no copy it could show again. Give it to the customer with
        the addresses below; a lost secret means deleting this connection and adding a new one.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          className="input w-full font-mono text-sm"
          readOnly
          value={created.sharedSecret}
          aria-label={`Shared secret of ${created.name}`}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Done
        </button>
      </div>
      <ConnectionAddresses connection={created} />
    </section>
  );
}
