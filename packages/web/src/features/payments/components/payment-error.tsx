/** docs/product.md §8: the provider's message, in red, read out as soon as it appears. */
export function PaymentError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-error">
      {message}
    </p>
  );
}
