// The steps of a quote that end it (B2B §10): decline, cancel (the buyer's side) and reject (the shop), each asked for
// in a modal <dialog> like the order steps: focus stays inside, Escape closes it, and a refusal is said inside it.
import { useState, type FormEvent, type ReactNode } from 'react';
import { MAX_QUOTE_REASON_LENGTH, type Quote } from '@kestrel/shared';
import { TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { notify } from '../../../lib/notify';
import { useQuoteStep, type QuoteStep } from '../api/quote-steps';
import { FormProblem } from '../../../components/ui/form-problem';

interface QuoteDialogProps {
  quote: Quote;
  open: boolean;
  title: string;
  confirmLabel: string;
  dismissLabel: string;
  /** The call to make, or null while a field still needs fixing (the field says why). */
  toCall: () => QuoteStep | null;
  doneMessage: string;
  onClose: () => void;
  children: ReactNode;
}

export function QuoteDialog(props: QuoteDialogProps) {
  const { open, title, confirmLabel, dismissLabel, toCall, doneMessage, onClose } = props;
  const step = useQuoteStep();
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const call = toCall();
    if (!call) return;
    setProblem(null);
    step.mutate(call, {
      onSuccess: () => {
        notify.success(doneMessage);
        close();
      },
      onError: (error) => setProblem(error.message),
    });
  };
  return (
    <Modal open={open} onClose={close} title={title}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        {props.children}
        <FormProblem message={problem} />
        <ModalActions
          dismissLabel={dismissLabel}
          onDismiss={close}
          confirmLabel={confirmLabel}
          pending={step.isPending}
          danger
        />
      </form>
    </Modal>
  );
}

/** Declining ends the offer; the reason, if given, goes to the shop. */
export function DeclineQuoteDialog({ quote, open, onClose }: { quote: Quote; open: boolean; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  return (
    <QuoteDialog
      quote={quote}
      open={open}
      title="Decline this offer?"
      confirmLabel="Decline offer"
      dismissLabel="Keep the offer"
      onClose={onClose}
      toCall={() => ({ quoteId: quote._id, action: 'decline', body: trimmed ? { reason: trimmed } : {} })}
      doneMessage={`You declined the offer of ${quote.number}`}
    >
      <p>Declining ends quote {quote.number}: the shop is told, and the offer can no longer be accepted.</p>
      <TextAreaField
        label="Reason (optional)"
        name="reason"
        rows={2}
        maxLength={MAX_QUOTE_REASON_LENGTH}
        data-autofocus
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </QuoteDialog>
  );
}

/** Cancelling withdraws the request (or the offer being considered). */
export function CancelQuoteDialog({ quote, open, onClose }: { quote: Quote; open: boolean; onClose: () => void }) {
  return (
    <QuoteDialog
      quote={quote}
      open={open}
      title="Cancel this quote?"
      confirmLabel="Yes, cancel quote"
      dismissLabel="Keep it"
      onClose={onClose}
      toCall={() => ({ quoteId: quote._id, action: 'cancel', body: {} })}
      doneMessage={`Quote ${quote.number} is cancelled`}
    >
      <p>Cancelling withdraws quote {quote.number} for good; ask for a new one if you need these parts later.</p>
    </QuoteDialog>
  );
}

/** The shop turns a request down with a reason the requester reads (the API refuses an empty one). */
export function RejectQuoteDialog({ quote, open, onClose }: { quote: Quote; open: boolean; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const trimmed = reason.trim();
  return (
    <QuoteDialog
      quote={quote}
      open={open}
      title="Reject this request?"
      confirmLabel="Reject request"
      dismissLabel="Keep it open"
      onClose={() => {
        setError(undefined);
        onClose();
      }}
      toCall={() => {
        if (!trimmed) {
          setError('Say why: the buyer reads it.');
          return null;
        }
        setError(undefined);
        return { quoteId: quote._id, action: 'reject', body: { reason: trimmed } };
      }}
      doneMessage={`Quote ${quote.number} is rejected`}
    >
      <p>Rejecting ends quote {quote.number} without an offer; the buyer is mailed your reason.</p>
      <TextAreaField
        label="Reason"
        name="reason"
        rows={2}
        required
        maxLength={MAX_QUOTE_REASON_LENGTH}
        data-autofocus
        value={reason}
        error={error}
        onChange={(event) => setReason(event.target.value)}
      />
    </QuoteDialog>
  );
}
