import { useId, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}

/** Label above, control, then the message in red under the field (docs/product.md §8). */
function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

type InputFieldProps = {
  label: string;
  error?: string;
  hint?: string;
  registration?: UseFormRegisterReturn;
} & InputHTMLAttributes<HTMLInputElement>;

export function InputField({ label, error, hint, registration, className, ...inputProps }: InputFieldProps) {
  const id = useId();
  const fileInput = inputProps.type === 'file';
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={`${fileInput ? 'file-input' : 'input'} w-full ${error ? (fileInput ? 'file-input-error' : 'input-error') : ''} ${inputProps.readOnly ? 'bg-base-200' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...inputProps}
        {...registration}
      />
    </FieldShell>
  );
}

type TextAreaFieldProps = {
  label: string;
  error?: string;
  registration?: UseFormRegisterReturn;
} & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextAreaField({ label, error, registration, className, ...areaProps }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea
        id={id}
        className={`textarea w-full ${error ? 'textarea-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        rows={4}
        {...areaProps}
        {...registration}
      />
    </FieldShell>
  );
}

type SelectFieldProps = {
  label: string;
  error?: string;
  hint?: string;
  registration?: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
} & SelectHTMLAttributes<HTMLSelectElement>;

/** A choice from a list (a country, a state), with the label, hint and message of the other fields. */
export function SelectField({
  label,
  error,
  hint,
  registration,
  options,
  className,
  ...selectProps
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...selectProps}
        {...registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
