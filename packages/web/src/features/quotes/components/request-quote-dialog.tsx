// "Request a quote" for one product (B2B §10), loaded only when a buyer first asks for it (app/quote-buttons.tsx):
// the product page stays as light as it was.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MAX_QUOTE_NOTE_LENGTH, unitPriceCents, type Product } from '@kestrel/shared';
import { InputField, TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { orderTermsOf } from '../../../lib/order-terms';
import { useRequestQuote } from '../api/request-quote';
import { parsePrice, quoteQuantityProblem } from '../quote-view';
import { FormProblem } from '../../../components/ui/form-problem';

type Errors = Partial<Record<'quantity' | 'targetPrice' | 'form', string>>;

interface RequestQuoteDialogProps {
  product: Product;
  open: boolean;
  onClose: () => void;
}

export function RequestQuoteDialog({ product, open, onClose }: RequestQuoteDialogProps) {
  const navigate = useNavigate();
  const request = useRequestQuote();
  const [quantity, setQuantity] = useState(String(product.quantity));
  const [errors, setErrors] = useState<Errors>({});
  const wanted = Number(quantity);
  const priced = quantity !== '' && quoteQuantityProblem(product.quantity, product.packSize, wanted) === null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const targetText = String(data.get('targetPrice') ?? '').trim();
    const note = String(data.get('note') ?? '').trim();
    const found: Errors = {};
    const quantityProblem = quoteQuantityProblem(product.quantity, product.packSize, wanted);
    if (quantity === '' || quantityProblem) found.quantity = quantityProblem ?? 'quantity must be a whole number';
    const targetPrice = targetText ? parsePrice(targetText) : null;
    if (targetText && targetPrice === null) found.targetPrice = 'Enter a price above $0, like 3.95';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    request.mutate(
      {
        lines: [{ productId: product._id, quantity: wanted, ...(targetPrice === null ? {} : { targetPrice }) }],
        ...(note ? { note } : {}),
      },
      {
        onSuccess: (quote) => {
          notify.success(`Quote ${quote.number} requested: the shop will answer with an offer`);
          void navigate(`/dashboard/quotes/${encodeURIComponent(quote._id)}`);
        },
        onError: (error) => setErrors({ form: error.message }),
      },
    );
  };

  return (
    <Modal open={open} onClose={onClose} title={`Request a quote for ${product.name}`}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm">
          Ask the shop for a price on a large or unusual order. Orders start at {formatCount(product.quantity)}
          {product.packSize > 1 ? `, in packs of ${formatCount(product.packSize)}` : ''}; a quote may ask for more than
          is in stock (a production run).
        </p>
        <InputField
          label="Quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={product.quantity}
          step={product.packSize}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          error={errors.quantity}
          data-autofocus
        />
        <p className="text-sm" aria-live="polite">
          {priced
            ? `List price at this quantity: ${formatDollars(unitPriceCents(orderTermsOf(product), wanted) / 100)} each`
            : '\u00a0'}
        </p>
        <InputField
          label="Target unit price in dollars (optional)"
          name="targetPrice"
          inputMode="decimal"
          hint="The price per piece you hope for; the shop sees it beside the list price."
          error={errors.targetPrice}
        />
        <TextAreaField label="Note (optional)" name="note" rows={3} maxLength={MAX_QUOTE_NOTE_LENGTH} />
        <FormProblem message={errors.form} />
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
