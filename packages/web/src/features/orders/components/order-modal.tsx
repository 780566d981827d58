import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages, orderCreateSchema, orderRangeMessage, type Product } from '@kestrel/shared';
import { InputField, TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useCreateOrder } from '../api/create-order';

const orderFormSchema = orderCreateSchema.pick({ inputQuantity: true, phone: true, address: true });

interface OrderModalProps {
  product: Product;
  customer: { name: string; email: string };
  open: boolean;
  onClose: () => void;
}

export function OrderModal({ product, customer, open, onClose }: OrderModalProps) {
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
    formState: { errors },
  } = useForm({
    resolver: zodResolver(orderFormSchema),
    defaultValues: { phone: '', address: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setProblem(null);
    const min = product.quantity;
    const max = product.availableQuantity;
    // Checked here as well as on the server so an out-of-range order never leaves the browser (docs/product.md §8).
    if (values.inputQuantity < min || values.inputQuantity > max) {
      refuse(orderRangeMessage(min, max));
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

  return (
    <Modal open={open} onClose={close} title={`Booking for: ${product.name}`}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <InputField label="Name" name="name" value={customer.name} readOnly />
        <InputField label="Email" name="email" type="email" value={customer.email} readOnly />
        <InputField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={product.quantity}
          max={product.availableQuantity}
          // SPEC.md's 'minimum order 1000 pc', with this product's own minimum.
          placeholder={`minimum order ${product.quantity} pc`}
          hint={`Between ${product.quantity} and ${product.availableQuantity} pieces at ${formatDollars(product.price)} each.`}
          data-autofocus
          registration={register('inputQuantity', { valueAsNumber: true })}
          error={errors.inputQuantity?.message}
        />
        <InputField
          label="Phone"
          type="tel"
          autoComplete="tel"
          registration={register('phone')}
          error={errors.phone?.message}
        />
        <TextAreaField
          label="Address"
          autoComplete="street-address"
          rows={2}
          registration={register('address')}
          error={errors.address?.message}
        />
        {problem ? (
          <p role="alert" className="text-sm text-error">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary mt-2" disabled={createOrder.isPending}>
          {createOrder.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Order
        </button>
      </form>
    </Modal>
  );
}
