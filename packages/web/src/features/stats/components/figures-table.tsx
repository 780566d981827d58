// The dashboard's tables: one row header per row (a day, a product, a status) and right-aligned figures, with a
// caption for screen readers. Every chart on the page has one of these beside it with the same numbers.
import type { ReactNode } from 'react';

const box = 'overflow-x-auto rounded-box border border-base-300';

interface FiguresRow {
  key: string;
  head: ReactNode;
  figures: ReactNode[];
}

interface FiguresTableProps {
  caption: string;
  /** The row headers' column, then one per figure. */
  columns: [string, ...string[]];
  rows: FiguresRow[];
  /** A long table scrolls in a box of its own, which keyboard users can focus to scroll. */
  scrolls?: boolean;
}

export function FiguresTable({ caption, columns: [headColumn, ...figureColumns], rows, scrolls }: FiguresTableProps) {
  const table = (
    <table className="table table-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-base-content">
        <tr>
          <th scope="col">{headColumn}</th>
          {figureColumns.map((name) => (
            <th key={name} scope="col" className="text-right">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="font-normal">
              {row.head}
            </th>
            {row.figures.map((figure, i) => (
              <td key={figureColumns[i]} className="text-right">
                {figure}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return scrolls ? (
    <div className={`${box} max-h-80`} tabIndex={0} role="region" aria-label={`${caption}, table`}>
      {table}
    </div>
  ) : (
    <div className={box}>{table}</div>
  );
}
