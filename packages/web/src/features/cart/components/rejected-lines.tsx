import type { CartWithRejected } from '@kestrel/shared';

/** The lines the server could not add (unknown SKU, a deleted product, not a whole quantity). */
export function RejectedLines({ rejected, title }: { rejected: CartWithRejected['rejected']; title: string }) {
  if (rejected.length === 0) return null;
  return (
    <div role="alert" className="rounded-box border border-error bg-base-100 p-4">
      <h2 className="font-semibold text-error">{title}</h2>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {rejected.map((line) => (
          <li key={`${line.index}-${line.sku}`}>
            <span className="font-mono">{line.sku || '(no SKU)'}</span>: {line.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
