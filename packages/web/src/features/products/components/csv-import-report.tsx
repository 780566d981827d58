import type { CsvImportPreview } from '@kestrel/shared';
import { formatCount } from '../../../lib/count';
import type { CsvRowError } from '../api/import-products-csv';
import { humanMessage } from '../../../lib/human-message';

/** Long files are listed up to here; the counts above the table always cover the whole file. */
const SHOWN_ROWS = 500;

// Long unbroken text (a header line, a URL) wraps anywhere rather than widening a phone's page.
const tableBox = 'mt-3 max-h-[32rem] overflow-auto rounded-box border border-base-300 wrap-anywhere';

function More({ total }: { total: number }) {
  return total > SHOWN_ROWS ? (
    <p className="mt-2 text-sm">
      The first {SHOWN_ROWS} of {formatCount(total)} rows are listed.
    </p>
  ) : null;
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** What a dry run found: counts, then one row per product the file would create or change. */
export function CsvPreviewReport({ preview }: { preview: CsvImportPreview }) {
  const changes = preview.changes.slice(0, SHOWN_ROWS);
  return (
    <div>
      <p role="status" className="font-semibold">
        {preview.created + preview.updated === 0
          ? `Nothing to import: the file matches the shop (${plural(preview.unchanged, 'product', 'products')} unchanged).`
          : `This file would create ${plural(preview.created, 'product', 'products')}, update ${formatCount(preview.updated)} and leave ${formatCount(preview.unchanged)} unchanged. Nothing has changed yet.`}
      </p>
      {changes.length > 0 ? (
        <div className={tableBox}>
          <table className="table table-sm">
            <caption className="sr-only">Changes the import would make</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Line</th>
                <th scope="col">SKU</th>
                <th scope="col">Action</th>
                <th scope="col">Changed fields</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.line}>
                  <td className="tabular-nums">{change.line}</td>
                  <th scope="row" className="font-mono font-normal">
                    {change.sku}
                  </th>
                  <td>{change.action === 'create' ? 'Create' : 'Update'}</td>
                  <td>{change.action === 'create' ? 'new product' : change.fields.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <More total={preview.changes.length} />
    </div>
  );
}

/** A refused file: the server's message and every bad row with its line number (the header is line 1). */
export function CsvErrorReport({ message, rows }: { message: string; rows: CsvRowError[] | null }) {
  return (
    <div role="alert" className="rounded-box border border-error p-4 wrap-anywhere">
      <p className="font-semibold text-error">The file was refused, and nothing was changed.</p>
      <p className="mt-1">{message}</p>
      {rows ? (
        <>
          <div className={tableBox}>
            <table className="table table-sm">
              <caption className="px-4 py-2 text-left font-semibold">
                {plural(rows.length, 'row needs', 'rows need')} fixing
              </caption>
              <thead className="text-base-content">
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, SHOWN_ROWS).map((row, index) => (
                  <tr key={`${row.line}-${index}`}>
                    <th scope="row" className="font-normal tabular-nums">
                      {row.line}
                    </th>
                    <td>{humanMessage(row.message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <More total={rows.length} />
        </>
      ) : null}
    </div>
  );
}
