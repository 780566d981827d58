// "Request a quote" for the whole cart (B2B §10's POST /api/cart/quote), loaded when first asked for.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MAX_QUOTE_NOTE_LENGTH } from '@kestrel/shared';
import { TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { notify } from '../../../lib/notify';
import { useRequestCartQuote } from '../api/request-quote';
import { FormProblem } from '../../../components/ui/form-problem';

export function CartQuoteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const request = useRequestCartQuote();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim();
    setProblem(null);
    // mutateAsync: the cart empties (and the page behind this dialog changes) before mutate's callbacks would run.
    request.mutateAsync(note ? { note } : {}).then(
      (quote) => {
        notify.success(`Quote ${quote.number} requested: the shop will answer with an offer`);
        void navigate(`/dashboard/quotes/${encodeURIComponent(quote._id)}`);
      },
      (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    );
  };

  return (
    <Modal open={open} onClose={onClose} title="Request a quote for your cart">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm">
          The shop prices every line of your cart and answers with an offer you can accept as an order. Your cart is
          emptied: its lines move to the quote.
        </p>
        <TextAreaField label="Note (optional)" name="note" rows={3} maxLength={MAX_QUOTE_NOTE_LENGTH} data-autofocus />
        <FormProblem message={problem} />
        <ModalActions
          dismissLabel="Cancel"
          onDismiss={onClose}
          confirmLabel="Send request"
          pending={request.isPending}
        />
      </form>
    </Modal>
  );
}
