import { useState } from 'react';
import { MAX_CSV_BYTES, PRODUCTS_CSV_HEADER } from '@kestrel/shared';
import { InputField, TextAreaField } from '../../../components/ui/field';
import { PageTitle } from '../../../components/ui/page-title';
import { notify } from '../../../lib/notify';
import { useExportProductsCsv } from '../api/export-products-csv';
import { csvRowErrors, useImportProductsCsv, usePreviewProductsCsv } from '../api/import-products-csv';
import { CsvErrorReport, CsvPreviewReport } from './csv-import-report';
import { BusyButton } from '../../../components/ui/busy-button';

const section = 'rounded-box border border-base-300 bg-base-100 p-6';

/**
 * "6.2 MB", in the units the limit is stated in (1 MB = 1024 × 1024 bytes, as the server counts), rounded up so a
 * file just over the limit never reads as exactly the limit.
 */
function megabytes(bytes: number): string {
  return `${Math.ceil((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** What will be sent: the chosen file, or the pasted text; the last one touched wins. */
type Source = { kind: 'file' | 'paste'; file: Blob; name: string } | null;

function ExportSection() {
  const exportCsv = useExportProductsCsv();
  return (
    <section aria-labelledby="export-title" className={section}>
      <h2 id="export-title" className="text-xl font-semibold">
        Export
      </h2>
      <p className="mt-2 text-sm">
        Every product, one row each, with the columns{' '}
        <span className="break-all font-mono">{PRODUCTS_CSV_HEADER.join(',')}</span>. Price breaks read like{' '}
        <span className="font-mono">500:85.00|1000:80.00</span>.
      </p>
      <BusyButton busy={exportCsv.isPending} className="btn btn-primary mt-4" onClick={() => exportCsv.mutate()}>
        Download CSV
      </BusyButton>
      {exportCsv.isError ? (
        <p role="alert" className="mt-2 text-sm text-error">
          The export failed: {exportCsv.error.message}
        </p>
      ) : null}
    </section>
  );
}

function ImportSection() {
  const preview = usePreviewProductsCsv();
  const apply = useImportProductsCsv();
  const [source, setSource] = useState<Source>(null);
  const [pasted, setPasted] = useState('');
  // Remounting the file input is the one way to empty it when the admin switches to pasting.
  const [fileInputKey, setFileInputKey] = useState(0);
  const tooLarge = source !== null && source.file.size > MAX_CSV_BYTES;

  const choose = (next: Source) => {
    setSource(next);
    preview.reset();
    apply.reset();
  };
  const refusal = preview.error ?? apply.error;
  const previewed = preview.data && preview.variables === source?.file ? preview.data : null;
  const canApply = previewed !== null && previewed.created + previewed.updated > 0 && !apply.isSuccess;

  return (
    <section aria-labelledby="import-title" className={section}>
      <h2 id="import-title" className="text-xl font-semibold">
        Import
      </h2>
      <p className="mt-2 text-sm">
        Rows are matched by SKU: a new SKU creates a product, a known one updates it. A file is applied whole or not at
        all. Preview it first: nothing changes until you apply it. At most {megabytes(MAX_CSV_BYTES)}.
      </p>
      <div className="mt-4 grid gap-4">
        <InputField
          key={fileInputKey}
          label="CSV file"
          type="file"
          accept=".csv,text/csv"
          error={tooLarge && source.kind === 'file' ? tooLargeMessage(source.file.size) : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.item(0);
            setPasted('');
            choose(file ? { kind: 'file', file, name: file.name } : null);
          }}
        />
        <TextAreaField
          label="Or paste the CSV"
          rows={6}
          className="font-mono text-sm"
          spellCheck={false}
          value={pasted}
          error={tooLarge && source.kind === 'paste' ? tooLargeMessage(source.file.size) : undefined}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setPasted(text);
            setFileInputKey((n) => n + 1);
            choose(
              text.trim() ? { kind: 'paste', file: new Blob([text], { type: 'text/csv' }), name: 'pasted text' } : null,
            );
          }}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <BusyButton
          busy={preview.isPending}
          className="btn btn-primary"
          disabled={source === null || tooLarge || apply.isPending}
          onClick={() => {
            apply.reset();
            if (source) preview.mutate(source.file);
          }}
        >
          Preview
        </BusyButton>
        <BusyButton
          busy={apply.isPending}
          className="btn btn-success"
          disabled={!canApply}
          onClick={() => {
            if (!source) return;
            apply.mutate(source.file, {
              onSuccess: (result) => notify.success(appliedMessage(result.created, result.updated)),
            });
          }}
        >
          Apply import
        </BusyButton>
        {source ? <p className="text-sm">Source: {source.name}</p> : null}
      </div>
      <div className="mt-6 grid gap-4">
        {refusal ? <CsvErrorReport message={refusal.message} rows={csvRowErrors(refusal)} /> : null}
        {apply.data ? (
          <p role="status" className="font-semibold text-success">
            {appliedMessage(apply.data.created, apply.data.updated)}
          </p>
        ) : null}
        {previewed && !apply.data && !apply.error ? <CsvPreviewReport preview={previewed} /> : null}
      </div>
    </section>
  );
}

function tooLargeMessage(bytes: number): string {
  return `This CSV is ${megabytes(bytes)}; an import takes at most ${megabytes(MAX_CSV_BYTES)}. Split it into smaller files.`;
}

function appliedMessage(created: number, updated: number): string {
  return `Import applied: ${created} ${created === 1 ? 'product' : 'products'} created, ${updated} updated.`;
}

/** Admin: the whole catalogue as a CSV file, out and back in (B2B §1). */
export function ProductsCsvPage() {
  return (
    <>
      <PageTitle lead="Edit many products at once in a spreadsheet: download the catalogue, change it, import it back.">
        Products CSV
      </PageTitle>
      <div className="grid gap-6">
        <ExportSection />
        <ImportSection />
      </div>
    </>
  );
}
