import type { WebhookCreated } from '@kestrel/shared';
import { useState } from 'react';

/** The new endpoint's signing secret, shown this once: copy it into the receiver, then dismiss it. */
export function SecretNotice({ created, onDone }: { created: WebhookCreated; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard
      .writeText(created.secret)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  return (
    <section
      aria-labelledby="webhook-secret-title"
      className="rounded-box border border-success bg-base-100 p-4"
      role="status"
    >
      <h3 id="webhook-secret-title" className="font-semibold">
        Endpoint added: copy its signing secret now
      </h3>
      <p className="mt-1 text-sm">
        It is shown only this once. The receiver verifies each delivery with it (Standard Webhooks).
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          className="input w-full font-mono text-sm"
          readOnly
          value={created.secret}
          aria-label={`Signing secret of ${created.url}`}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
