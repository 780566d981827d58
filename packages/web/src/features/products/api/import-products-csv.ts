import { useMutation, useQueryClient } from '@tanstack/react-query';
import { csvRowErrorSchema, type CsvImportPreview } from '@kestrel/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';

export interface CsvImportResult {
  created: number;
  updated: number;
}

export type CsvRowError = { line: number; message: string };

/** The server reads the body as CSV only under this type, whatever the browser guessed for the file. */
const asCsv = (file: Blob) => new Blob([file], { type: 'text/csv' });

/** POST /api/admin/products.csv?dryRun=true (admin): what the import would do, changing nothing. */
export function previewProductsCsv(file: Blob): Promise<CsvImportPreview> {
  return apiRequest<CsvImportPreview>('/admin/products.csv?dryRun=true', { method: 'POST', body: asCsv(file) });
}

/** POST /api/admin/products.csv (admin): creates and updates by SKU, every row or none. */
export function importProductsCsv(file: Blob): Promise<CsvImportResult> {
  return apiRequest<CsvImportResult>('/admin/products.csv', { method: 'POST', body: asCsv(file) });
}

/** The bad rows of a refused file (400 invalid_csv: `error.rows`), or null when the refusal names none. */
export function csvRowErrors(error: unknown): CsvRowError[] | null {
  const detail = error instanceof ApiRequestError ? error.detail : null;
  const rows = typeof detail === 'object' && detail !== null && 'rows' in detail ? detail.rows : null;
  const parsed = csvRowErrorSchema.array().safeParse(rows);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

export function usePreviewProductsCsv() {
  return useMutation({ mutationFn: previewProductsCsv });
}

export function useImportProductsCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProductsCsv,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
