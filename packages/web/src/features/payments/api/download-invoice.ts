import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** `GET /api/orders/{id}/invoice.pdf` for the order just paid, saved under its number (B2B §6). */
export function downloadInvoice({ orderId }: { orderId: string; invoiceNumber: string }): Promise<Blob> {
  return apiFile(`/orders/${encodeURIComponent(orderId)}/invoice.pdf`);
}

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: downloadInvoice,
    onSuccess: (file, { invoiceNumber }) => saveFile(file, `${invoiceNumber}.pdf`),
  });
}
