// What a form says went wrong as a whole (the server's refusal, a rule over several fields): small red text that
// screen readers announce (docs/product.md §8). A field's own message stays under the field (field.tsx).
export function FormProblem({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-error">
      {message}
    </p>
  );
}
