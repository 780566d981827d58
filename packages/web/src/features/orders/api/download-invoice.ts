import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export interface InvoiceRef {
  orderId: string;
  invoiceNumber: string;
}

/** `GET /api/orders/{id}/invoice.pdf` with the session's token, which a plain link could not send (B2B §6). */
export function downloadInvoice({ orderId }: InvoiceRef): Promise<Blob> {
  return apiFile(`/orders/${encodeURIComponent(orderId)}/invoice.pdf`);
}

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: downloadInvoice,
    // Saved under its number (INV-2026-000042.pdf), the name an accounts department files it by.
    onSuccess: (file, { invoiceNumber }) => saveFile(file, `${invoiceNumber}.pdf`),
  });
}
