// The login form's field rules, as plain checks: the login page is the first screen of many visits, and the shared
// zod schema (loginBodySchema) would bring zod and the form library into its part (43 kB of its 49 kB gzip). These
// give the schema's first message for each field; login-checks.test.ts holds them to it; the server still validates.
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, messages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@kestrel/shared';

export type LoginField = 'email' | 'password';
export type LoginValues = Record<LoginField, string>;
export type LoginErrors = Partial<Record<LoginField, string>>;

/** The fields in form order: a failed submit focuses the first one with a message. */
export const LOGIN_FIELDS: readonly LoginField[] = ['email', 'password'];

const checks: Record<LoginField, (value: string) => string | undefined> = {
  email(value) {
    const email = value.trim();
    if (!email) return messages.login.emailRequired;
    if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return messages.login.emailInvalid;
    return undefined;
  },
  password(value) {
    if (!value) return messages.login.passwordRequired;
    if (value.length < PASSWORD_MIN_LENGTH) return messages.login.passwordShort;
    if (value.length > PASSWORD_MAX_LENGTH) return messages.signup.passwordLong;
    return undefined;
  },
};

export function loginFieldError(field: LoginField, value: string): string | undefined {
  return checks[field](value);
}

export function loginErrors(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  for (const field of LOGIN_FIELDS) {
    const error = checks[field](values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** What the schema would send: the e-mail trimmed and lower-cased, the password as typed. */
export function loginBody(values: LoginValues): LoginValues {
  return { email: values.email.trim().toLowerCase(), password: values.password };
}
