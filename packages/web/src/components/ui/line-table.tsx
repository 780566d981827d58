import type { ReactNode } from 'react';

/** A column of the table's head: its name, read out on the phone's cards too (each body cell's data-label). */
export interface LineColumn {
  label: string;
  /** Right-aligned, as amounts and counts are. */
  numeric?: boolean;
  /** Read out, not shown (the actions column). */
  hidden?: boolean;
}

interface LineTableProps {
  /** The region's name for screen readers ("Cart lines"). */
  label: string;
  /** The table's own name (read out, not shown). */
  caption: string;
  /** In a bordered box of its own (the cart, quick order); inside a page section it goes without. */
  boxed?: boolean;
  /** The smaller table of a section on a page with more beside it. */
  compact?: boolean;
  /** The head's columns, so every table heads them alike; leave out only when children bring their own thead. */
  columns?: readonly LineColumn[];
  /** The tbody and tfoot; every body cell names its column in data-label for the phone's cards. */
  children: ReactNode;
}

/**
 * One table of lines (the cart, quick order's preview, an order's and a quote's lines, a company's contract prices).
 * At phone width each line is a card and each cell a row led by its column's name (`.table-cards` in index.css), so
 * unit prices, line totals and totals stay on screen instead of in a sideways scroller no one sees. On a wider screen
 * a table too wide for its box scrolls there, and keyboard users can focus the box to scroll it.
 */
export function LineTable({ label, caption, boxed = false, compact = false, columns, children }: LineTableProps) {
  return (
    <div
      className={`sm:overflow-x-auto ${boxed ? 'rounded-box border border-base-300 bg-base-100' : ''}`}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className={`table table-cards ${compact ? 'table-sm' : ''}`}>
        <caption className="sr-only">{caption}</caption>
        {columns ? (
          <thead className="text-base-content">
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={column.numeric ? 'text-right' : undefined}>
                  {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        {children}
      </table>
    </div>
  );
}
