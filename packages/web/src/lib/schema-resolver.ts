import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

/** A schema message (the API's words, "name is required") and what a form's reader is told instead. */
export type FormWords = Readonly<Record<string, string>>;

/**
 * How every form checks what is typed: react-hook-form with the shared zod schema the server parses the same request
 * with, so the two refuse the same things. Where a form speaks to its reader in other words than the API's
 * ("Enter the company's name"), `words` puts each schema message into them; a message it does not name is shown as the
 * schema says it.
 */
export function schemaResolver<T extends z.$ZodType<unknown, FieldValues>>(
  schema: T,
  words: FormWords = {},
): Resolver<z.input<T>, unknown, z.output<T>> {
  const resolve = zodResolver(schema);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    reword(result.errors, words);
    return result;
  };
}

/** A field's own error has a `type`; anything else is a nested object's or an array's errors. */
function isFieldError(value: object): value is FieldError {
  return 'type' in value;
}

function reword(errors: FieldErrors | readonly unknown[], words: FormWords): void {
  for (const error of Object.values(errors)) {
    if (!error || typeof error !== 'object') continue;
    if (isFieldError(error)) {
      const said = error.message === undefined ? undefined : words[error.message];
      if (said !== undefined) error.message = said;
    } else {
      reword(error as FieldErrors, words);
    }
  }
}

/**
 * For a form that says one problem at a time (FormProblem) rather than each under its field: the first message among
 * `fields`, in that order. A field may be one the form has no input for (a request field the schema builds from
 * several inputs, `root` for the server's refusal).
 */
export function firstProblem(errors: FieldErrors, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const error: unknown = errors[field];
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
      return error.message;
    }
  }
  return undefined;
}
