import { useState, type FormEvent } from 'react';
import type { Order } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { useExportOrdersCsv } from '../api/export-orders-csv';
import { BusyButton } from '../../../components/ui/busy-button';

/** The orders of a period (UTC days, both inclusive) as a CSV file, in the status the list shows (B2B §6). */
export function OrdersCsvExport({ status }: { status: Order['status'] | null }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const exportCsv = useExportOrdersCsv();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    exportCsv.mutate({ from: from || undefined, to: to || undefined, status: status ?? undefined });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2" aria-label="Export orders">
      <div className="flex flex-wrap items-end gap-3">
        <InputField label="Created from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <InputField label="Created to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        <BusyButton busy={exportCsv.isPending} type="submit" className="btn btn-outline">
          Download orders CSV
        </BusyButton>
      </div>
      {exportCsv.error ? (
        <p role="alert" className="text-sm text-error">
          {exportCsv.error.message}
        </p>
      ) : null}
    </form>
  );
}
