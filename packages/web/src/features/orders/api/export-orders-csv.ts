import { useMutation } from '@tanstack/react-query';
import type { OrdersCsvQuery } from '@kestrel/shared';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** `GET /api/orders.csv?from=&to=&status=`: one row per order line; admins get every order, buyers their own. */
export function exportOrdersCsv(query: OrdersCsvQuery): Promise<Blob> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return apiFile(`/orders.csv${search ? `?${search}` : ''}`);
}

/** Today's date in the name, so exports taken on different days do not overwrite each other. */
export function ordersCsvFileName(now = new Date()): string {
  return `kestrel-orders-${now.toISOString().slice(0, 10)}.csv`;
}

export function useExportOrdersCsv() {
  return useMutation({
    mutationFn: exportOrdersCsv,
    onSuccess: (file) => saveFile(file, ordersCsvFileName()),
  });
}
