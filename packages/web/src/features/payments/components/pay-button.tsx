import { BusyButton } from '../../../components/ui/busy-button';

interface PayButtonProps {
  /** No client secret yet, or the card form is not ready. */
  disabled: boolean;
  paying: boolean;
}

/** docs/product.md §14: Pay stays disabled until the client secret arrives, and while a payment is under way (spinner). */
export function PayButton({ disabled, paying }: PayButtonProps) {
  return (
    <BusyButton type="submit" className="btn btn-primary w-full" busy={paying} disabled={disabled}>
      Pay
    </BusyButton>
  );
}
