import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export interface CreditNoteRef {
  orderId: string;
  creditNoteNumber: string;
}

/** `GET /api/orders/{id}/credit-note.pdf` with the session's token (B2B §11), saved under its number. */
export function downloadCreditNote({ orderId }: CreditNoteRef): Promise<Blob> {
  return apiFile(`/orders/${encodeURIComponent(orderId)}/credit-note.pdf`);
}

export function useDownloadCreditNote() {
  return useMutation({
    mutationFn: downloadCreditNote,
    onSuccess: (file, { creditNoteNumber }) => saveFile(file, `${creditNoteNumber}.pdf`),
  });
}
