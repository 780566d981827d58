// The login page's plain checks must show what the shared schema (and so the server) says, field by field.
import { loginBodySchema, messages } from '@kestrel/shared';
import { describe, expect, it } from 'vitest';
import { loginBody, loginErrors, loginFieldError, type LoginErrors, type LoginValues } from './login-checks';

/** The schema's first message per field, as the form library's resolver showed it. */
function schemaErrors(values: LoginValues): LoginErrors {
  const result = loginBodySchema.safeParse(values);
  const errors: LoginErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof LoginValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

const emails = [
  '',
  '   ',
  'leo@',
  'leo@example',
  'le o@example.com',
  'a@b.c',
  ' Leo@Example.COM ',
  `${'a'.repeat(250)}@b.co`,
];
const passwords = ['', ' ', '12345', '123456', 'leo-password', 'x'.repeat(128), 'x'.repeat(129)];

describe('login checks', () => {
  it('give the messages of SPEC.md §5', () => {
    expect(loginErrors({ email: '', password: '' })).toEqual({
      email: 'Email is Required',
      password: 'Password is Required',
    });
    expect(loginErrors({ email: 'leo@', password: 'short' })).toEqual({
      email: 'Please give a valid Email',
      password: 'Password must be 6 characters or more',
    });
    expect(loginErrors({ email: 'leo@example.com', password: 'leo-password' })).toEqual({});
    expect(loginFieldError('password', 'x'.repeat(129))).toBe(messages.signup.passwordLong);
  });

  it('agree with the shared schema on every field', () => {
    for (const email of emails) {
      for (const password of passwords) {
        expect(loginErrors({ email, password }), `${email} / ${password}`).toEqual(schemaErrors({ email, password }));
      }
    }
  });

  it('send what the schema would parse', () => {
    const values = { email: ' Leo@Example.COM ', password: ' Leo-Password ' };
    expect(loginBody(values)).toEqual(loginBodySchema.parse(values));
    expect(loginBody(values)).toEqual({ email: 'leo@example.com', password: ' Leo-Password ' });
  });
});
