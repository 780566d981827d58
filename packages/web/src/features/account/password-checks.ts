// The account forms' field rules, for react-hook-form's `validate` (a message, or undefined when the value passes).
// A new password follows sign-up's rules with sign-up's messages, read from the shared schemas the server validates
// with, so the page and the server cannot disagree; the confirmation is the page's own check (never sent).
import { changePasswordBodySchema, forgotPasswordBodySchema, resetPasswordBodySchema } from '@kestrel/shared';

export const PASSWORDS_DIFFER = 'The passwords do not match';

interface FieldRule {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } };
}

/** The rule's first message for this value, or undefined when it passes. */
function firstMessage(rule: FieldRule, value: string): string | undefined {
  const result = rule.safeParse(value);
  return result.success ? undefined : result.error?.issues[0]?.message;
}

export function emailError(email: string): string | undefined {
  return firstMessage(forgotPasswordBodySchema.shape.email, email);
}

export function newPasswordError(password: string): string | undefined {
  return firstMessage(resetPasswordBodySchema.shape.password, password);
}

export function currentPasswordError(password: string): string | undefined {
  return firstMessage(changePasswordBodySchema.shape.currentPassword, password);
}

/** Said only when the two differ: an empty pair is already flagged on the new password. */
export function confirmationError(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : PASSWORDS_DIFFER;
}
