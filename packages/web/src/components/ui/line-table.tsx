import type { ReactNode } from 'react';

interface LineTableProps {
  /** The region's name for screen readers ("Cart lines"). */
  label: string;
  /** The table's own name (read out, not shown). */
  caption: string;
  /** In a bordered box of its own (the cart, quick order); inside a page section it goes without. */
  boxed?: boolean;
  /** The smaller table of a section on a page with more beside it. */
  compact?: boolean;
  /** The thead, tbody and tfoot; every body cell names its column in data-label for the phone's cards. */
  children: ReactNode;
}

/**
 * One table of lines (the cart, quick order's preview, an order's and a quote's lines, a company's contract prices).
 * At phone width each line is a card and each cell a row led by its column's name (`.table-cards` in index.css), so
 * unit prices, line totals and totals stay on screen instead of in a sideways scroller no one sees. On a wider screen
 * a table too wide for its box scrolls there, and keyboard users can focus the box to scroll it.
 */
export function LineTable({ label, caption, boxed = false, compact = false, children }: LineTableProps) {
  return (
    <div
      className={`sm:overflow-x-auto ${boxed ? 'rounded-box border border-base-300 bg-base-100' : ''}`}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className={`table table-cards ${compact ? 'table-sm' : ''}`}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
