interface SpinnerProps {
  /** What is being waited for, read out by screen readers. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

const sizes = { sm: 'loading-sm', md: 'loading-md', lg: 'loading-lg' } as const;

export function Spinner({ label = 'Loading', size = 'md' }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <span className={`loading loading-spinner ${sizes[size]} text-primary`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A page-sized waiting state, used while a guard or a lazy part is loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={label} size="lg" />
    </div>
  );
}
