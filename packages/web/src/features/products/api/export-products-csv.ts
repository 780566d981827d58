import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /api/admin/products.csv (admin): every product, one row each, in the import's own columns. */
export function exportProductsCsv(): Promise<Blob> {
  return apiFile('/admin/products.csv');
}

/** Today's date in the file name, so exports taken on different days do not overwrite each other. */
export function exportFileName(now = new Date()): string {
  return `kestrel-products-${now.toISOString().slice(0, 10)}.csv`;
}

export function useExportProductsCsv() {
  return useMutation({
    mutationFn: exportProductsCsv,
    onSuccess: (file) => saveFile(file, exportFileName()),
  });
}
