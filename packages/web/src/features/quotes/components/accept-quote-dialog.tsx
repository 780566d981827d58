// Accepting an offer places the order at the offered prices (B2B §10) with the checkout's own fields
// (components/checkout-fields): phone, address, PO number and, for companies with net terms, payment on account. A
// member of a company with locations chooses one of them instead of the address (B2B §12), with the checkout's own
// picker, handed in by the app as `shipTo`.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Quote, ShipToChoice } from '@kestrel/shared';
import {
  AddressTextField,
  CheckoutFields,
  readCheckoutValues,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutValues,
  type LocationShipToSlot,
  type ShipToReader,
} from '../../../components/checkout-fields';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { formatTime } from '../../../lib/date-time';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { orderQuery } from '../../../lib/order-query';
import { useQuoteStep } from '../api/quote-steps';
import { acceptedMessage } from '../quote-view';
import { FormProblem } from '../../../components/ui/form-problem';

interface AcceptQuoteDialogProps {
  quote: Quote;
  open: boolean;
  onClose: () => void;
  /** The ship-to choice (B2B §12); without it, the address is text. */
  shipTo?: LocationShipToSlot | undefined;
}

export function AcceptQuoteDialog({ quote, open, onClose, shipTo: ShipTo }: AcceptQuoteDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const step = useQuoteStep();
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const shipToReader = useRef<ShipToReader>(null);
  const close = () => {
    setErrors({});
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void (async () => {
      // The chosen location (its address as SPEC's text); undefined where the dialog offers none.
      const chosen = shipToReader.current ? await shipToReader.current.read() : undefined;
      const typed = readCheckoutValues(data);
      const values = chosen?.address === undefined ? typed : { ...typed, address: chosen.address };
      const found = validateCheckout(values);
      setErrors(found);
      if (chosen === null || Object.keys(found).length > 0) return;
      accept(values, chosen?.shipTo);
    })();
  };

  const accept = (values: CheckoutValues, shipTo: ShipToChoice | undefined) => {
    const poNumber = values.poNumber.trim();
    step.mutate(
      {
        quoteId: quote._id,
        action: 'accept',
        body: {
          phone: values.phone,
          address: values.address,
          paymentTerms: values.paymentTerms,
          ...(poNumber ? { poNumber } : {}),
          ...(shipTo ? { shipTo } : {}),
        },
      },
      {
        onSuccess: async (accepted) => {
          const orderId = accepted.orderId;
          if (!orderId) return close();
          // The order's own page shows what comes next (pay, or wait for approval); the toast says it first.
          const order = await queryClient.fetchQuery(orderQuery(orderId)).catch(() => null);
          notify.success(acceptedMessage(order));
          void navigate(`/dashboard/orders/${encodeURIComponent(orderId)}`);
        },
        onError: (error) => {
          if (!shipToReader.current?.showRefusal(error.message)) setErrors({ form: error.message });
        },
      },
    );
  };

  return (
    <Modal open={open} onClose={close} title={`Accept the offer of ${quote.number}`}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm">
          This places an order of {quote.lines.length} line{quote.lines.length === 1 ? '' : 's'} for{' '}
          <strong>{formatDollars(quote.offeredTotal ?? quote.listTotal)}</strong> at the offered prices
          {quote.validUntil ? `, valid until ${formatTime(quote.validUntil)}` : ''}. Its stock is reserved at once.
        </p>
        <CheckoutFields
          errors={errors}
          autoFocus
          shipTo={
            ShipTo ? (
              <ShipTo reader={shipToReader}>
                <AddressTextField error={errors.address} />
              </ShipTo>
            ) : undefined
          }
        />
        <FormProblem message={errors.form} />
        <ModalActions
          dismissLabel="Not yet"
          onDismiss={close}
          confirmLabel="Accept and place order"
          pending={step.isPending}
        />
      </form>
    </Modal>
  );
}
