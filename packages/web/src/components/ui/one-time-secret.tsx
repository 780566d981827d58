// A secret the shop shows once and keeps only the hash of (a webhook's signing secret, a punch-out connection's shared
// secret): read-only, selected on focus, a Copy button, and Done to dismiss it. A live region, so a screen reader hears
// that it appeared.
import { useId, useState, type ReactNode } from 'react';

interface OneTimeSecretProps {
  title: string;
  /** The heading's level where the notice sits on its page. */
  level: 2 | 3;
  /** Why it is shown once and what to do with it. */
  explanation: string;
  secret: string;
  /** The field's accessible name: "Signing secret of https://…". */
  label: string;
  onDone: () => void;
  /** What follows the secret (a connection's addresses to give the customer). */
  children?: ReactNode;
}

export function OneTimeSecret({ title, level, explanation, secret, label, onDone, children }: OneTimeSecretProps) {
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard
      .writeText(secret)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-box border border-success bg-base-100 p-4"
      role="status"
    >
      <Heading id={titleId} className="font-semibold">
        {title}
      </Heading>
      <p className="text-sm">{explanation}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          className="input w-full font-mono text-sm"
          readOnly
          value={secret}
          aria-label={label}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Done
        </button>
      </div>
      {children}
    </section>
  );
}
