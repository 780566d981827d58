/**
 * "Orders 21-40 of 1,234" or "Quotes 51-100 (page 2)" with Previous page and Next page buttons, in a navigation
 * landmark; the text is announced when it changes. For lists whose page lives in component state or the query string
 * and that step one page at a time (the catalogue's numbered links are components/ui/pagination.tsx).
 */
export function StepPager({
  label,
  status,
  previous,
  next,
}: {
  /** The landmark's name ("Order pages"). */
  label: string;
  status: string;
  /** Null: no page that way (the button is disabled). */
  previous: (() => void) | null;
  next: (() => void) | null;
}) {
  const step = (text: string, go: (() => void) | null) => (
    <button type="button" className="btn btn-outline btn-sm join-item" disabled={!go} onClick={go ?? undefined}>
      {text}
    </button>
  );
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3">
      <p className="text-sm" aria-live="polite">
        {status}
      </p>
      <div className="join">
        {step('Previous page', previous)}
        {step('Next page', next)}
      </div>
    </nav>
  );
}
