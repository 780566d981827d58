import { useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  messages,
  nextPriceBreak,
  orderCreateSchema,
  orderableMax,
  quantityProblem,
  unitPriceCents,
  type Product,
  type ShipToChoice,
} from '@kestrel/shared';
import type { LocationShipToSlot, ShipToReader } from '../../../components/checkout-fields';
import { InputField, TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useCreateOrder } from '../api/create-order';
import { orderTermsOf } from '../../../lib/order-terms';
import { contractCentsOf } from '../../../lib/contract-price';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormProblem } from '../../../components/ui/form-problem';

const orderFormSchema = orderCreateSchema.pick({ inputQuantity: true, phone: true, address: true });

interface OrderModalProps {
  product: Product;
  customer: { name: string; email: string };
  open: boolean;
  onClose: () => void;
  /**
   * B2B §12: the app's ship-to choice, which offers a member of a company with locations those locations in place of
   * the Address field (the server takes nothing else from them) and shows the Address field to everyone else.
   */
  shipTo?: LocationShipToSlot | undefined;
}

function quantityHint(product: Product, max: number): string {
  const packs = product.packSize > 1 ? `, in packs of ${formatCount(product.packSize)},` : '';
  // What the reader pays at the minimum (a contract price included), and volume prices only where one is lower.
  const terms = orderTermsOf(product);
  const unit = unitPriceCents(terms, product.quantity, contractCentsOf(product));
  const first = nextPriceBreak(terms.priceBreaks, product.quantity, unit);
  const volume = first ? ` Volume prices from ${formatCount(first.minQuantity)}.` : '';
  return `Between ${formatCount(product.quantity)} and ${formatCount(max)} pieces${packs} at ${formatDollars(unit / 100)} each.${volume}`;
}

/** The unit price and line total for the quantity typed so far, and how many more pieces lower the price. */
function LinePrice({ product, quantity }: { product: Product; quantity: number | undefined }) {
  if (quantity === undefined || !Number.isInteger(quantity) || quantity < 1) return null;
  const terms = orderTermsOf(product);
  const unit = unitPriceCents(terms, quantity, contractCentsOf(product));
  const next = nextPriceBreak(terms.priceBreaks, quantity, unit);
  return (
    <p className="text-sm" aria-live="polite">
      {formatCount(quantity)} × {formatDollars(unit / 100)} = <strong>{formatDollars((unit * quantity) / 100)}</strong>
      {next ? ` · ${formatDollars(next.priceCents / 100)} each from ${formatCount(next.minQuantity)}` : null}
    </p>
  );
}

export function OrderModal({ product, customer, open, onClose, shipTo: ShipTo }: OrderModalProps) {
  const createOrder = useCreateOrder();
  // The modal <dialog> makes the rest of the page inert, toasts included, so a refusal is also said inside it.
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const refuse = (message: string) => {
    setProblem(message);
    notify.error(message);
  };
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(orderFormSchema),
    defaultValues: { phone: '', address: '' },
  });
  const terms = orderTermsOf(product);
  const max = orderableMax(terms);
  const wanted = useWatch({ control, name: 'inputQuantity' });
  // Set only while locations are offered; the chosen one is read when the order is placed.
  const shipToReader = useRef<ShipToReader>(null);

  // `shipTo`: the location chosen (B2B §12); none from anyone not offered one, whose order is SPEC's exactly.
  const place = (shipTo?: ShipToChoice) =>
    handleSubmit((values) => {
      setProblem(null);
      // Checked here as well as on the server so an order outside the rules never leaves the browser (docs/product.md
      // §8; B2B §2: the range with the maximum per order, and whole packs).
      const refusal = quantityProblem(terms, values.inputQuantity);
      if (refusal) {
        refuse(refusal);
        return;
      }
      createOrder.mutate(
        {
          productId: product._id,
          itemName: product.name,
          inputQuantity: values.inputQuantity,
          email: customer.email,
          userName: customer.name,
          phone: values.phone,
          address: values.address,
          ...(shipTo ? { shipTo } : {}),
        },
        {
          onSuccess: () => {
            notify.success(messages.toast.bookingSet);
            reset();
            close();
          },
          onError: (error) => refuse(error.message),
        },
      );
    });

  // Without a location offered, SPEC's form exactly; with one, the chosen location's lines are the address text.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const reader = shipToReader.current;
    if (!reader) return void place()(event);
    event.preventDefault();
    void reader.read().then((chosen) => {
      if (!chosen) return;
      setValue('address', chosen.address ?? '');
      return place(chosen.shipTo)();
    });
  };
  const addressField = (
    <TextAreaField
      label="Address"
      autoComplete="street-address"
      rows={2}
      registration={register('address')}
      error={errors.address?.message}
    />
  );

  return (
    <Modal open={open} onClose={close} title={`Booking for: ${product.name}`}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <InputField label="Name" name="name" value={customer.name} readOnly />
        <InputField label="Email" name="email" type="email" value={customer.email} readOnly />
        <InputField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={product.quantity}
          max={max}
          step={product.packSize}
          // SPEC.md's 'minimum order 1000 pc', with this product's own minimum.
          placeholder={`minimum order ${product.quantity} pc`}
          hint={quantityHint(product, max)}
          data-autofocus
          registration={register('inputQuantity', { valueAsNumber: true })}
          error={errors.inputQuantity?.message}
        />
        <LinePrice product={product} quantity={wanted} />
        <InputField
          label="Phone"
          type="tel"
          autoComplete="tel"
          registration={register('phone')}
          error={errors.phone?.message}
        />
        {ShipTo ? <ShipTo reader={shipToReader}>{addressField}</ShipTo> : addressField}
        <FormProblem message={problem} />
        <BusyButton busy={createOrder.isPending} type="submit" className="btn btn-primary mt-2">
          Order
        </BusyButton>
      </form>
    </Modal>
  );
}
