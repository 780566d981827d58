import { useState, type FormEvent } from 'react';
import { TextAreaField } from '../../../components/ui/field';
import { formatTime } from '../../../lib/date-time';
import { notify } from '../../../lib/notify';
import { useAddQuoteMessage } from '../api/add-quote-message';
import { MAX_QUOTE_MESSAGE_LENGTH, type Quote } from '@kestrel/shared';

/**
 * The conversation about a quote (B2B §10): each message with its side, its author's name and when, oldest first; and,
 * while the quote is open, a form to add one (1-2000 characters; the other side is mailed).
 */
export function QuoteThread({ quote, seller, canWrite }: { quote: Quote; seller: boolean; canWrite: boolean }) {
  const add = useAddQuoteMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const side = (author: 'buyer' | 'seller') => (author === 'seller' ? 'Kestrel Components' : 'Buyer');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setError('Write a message first.');
    if (trimmed.length > MAX_QUOTE_MESSAGE_LENGTH) {
      return setError(`A message is at most ${MAX_QUOTE_MESSAGE_LENGTH} characters.`);
    }
    setError(undefined);
    add.mutate(
      { quoteId: quote._id, text: trimmed },
      {
        onSuccess: () => {
          setText('');
          notify.success(seller ? 'Message sent to the buyer' : 'Message sent to the shop');
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      {quote.messages.length === 0 ? (
        <p className="text-sm">No messages yet.</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Messages">
          {quote.messages.map((message, index) => (
            <li
              key={`${message.at}-${index}`}
              className={`rounded-box border border-base-300 p-3 ${message.author === 'seller' ? 'bg-base-200' : ''}`}
            >
              <p className="text-sm font-semibold">
                {side(message.author)}: {message.name}{' '}
                <time className="font-normal" dateTime={message.at}>
                  {formatTime(message.at)}
                </time>
              </p>
              <p className="break-words whitespace-pre-line">{message.text}</p>
            </li>
          ))}
        </ol>
      )}
      {canWrite ? (
        <form noValidate onSubmit={submit} className="flex flex-col gap-2">
          <TextAreaField
            label={seller ? 'Message to the buyer' : 'Message to the shop'}
            name="message"
            rows={3}
            maxLength={MAX_QUOTE_MESSAGE_LENGTH}
            value={text}
            error={error}
            onChange={(event) => setText(event.target.value)}
          />
          <p className="text-xs" aria-live="polite">
            {text.trim().length} of {MAX_QUOTE_MESSAGE_LENGTH} characters
          </p>
          <button type="submit" className="btn btn-primary self-start" disabled={add.isPending}>
            {add.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Send message
          </button>
        </form>
      ) : null}
    </div>
  );
}
