import { useState, type FormEvent } from 'react';
import { TextAreaField } from '../../../components/ui/field';
import { formatTime } from '../../../lib/date-time';
import { notify } from '../../../lib/notify';
import { useAddQuoteMessage } from '../api/add-quote-message';
import { messagesLeft } from '../quote-view';
import {
  MAX_QUOTE_MESSAGES_PER_SIDE,
  MAX_QUOTE_MESSAGE_LENGTH,
  QUOTE_MESSAGE_MAIL_MINUTES,
  QUOTE_MESSAGE_RATE,
  type Quote,
} from '@kestrel/shared';
import { BusyButton } from '../../../components/ui/busy-button';

/**
 * The conversation about a quote (B2B §10): each message with its side, its author's name and when, oldest first; and
 * a form to add one (1-2000 characters). The thread's bounds (docs/product.md §31) are said beside the form, and once
 * this side has written its last message the form gives way to a sentence saying so.
 */
export function QuoteThread({ quote, seller, canWrite }: { quote: Quote; seller: boolean; canWrite: boolean }) {
  const add = useAddQuoteMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const side = (author: 'buyer' | 'seller') => (author === 'seller' ? 'Kestrel Components' : 'Buyer');
  const left = messagesLeft(quote, seller ? 'seller' : 'buyer');

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
      {canWrite && left === 0 ? (
        <p className="text-sm" role="status">
          {seller ? 'The shop has' : 'Your side has'} written the {MAX_QUOTE_MESSAGES_PER_SIDE} messages a quote's
          thread holds for each side.{' '}
          {seller ? 'Make an offer or reject the request instead.' : 'Ask for a new quote to go on.'}
        </p>
      ) : canWrite ? (
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
          <p className="text-xs" data-testid="thread-bounds">
            {left} of {MAX_QUOTE_MESSAGES_PER_SIDE} messages left for {seller ? 'the shop' : 'your side'}; at most{' '}
            {QUOTE_MESSAGE_RATE.messages} a person in {QUOTE_MESSAGE_RATE.minutes} minutes.{' '}
            {seller ? 'The buyer is' : 'The shop is'} mailed at most once every {QUOTE_MESSAGE_MAIL_MINUTES} minutes
            about new messages.
          </p>
          <BusyButton busy={add.isPending} type="submit" className="btn btn-primary self-start">
            Send message
          </BusyButton>
        </form>
      ) : null}
    </div>
  );
}
