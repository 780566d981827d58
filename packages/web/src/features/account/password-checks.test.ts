// The account forms show the shared schemas' messages (so the server's), and their own confirmation check.
import { messages } from '@kestrel/shared';
import { describe, expect, it } from 'vitest';
import {
  confirmationError,
  currentPasswordError,
  emailError,
  newPasswordError,
  PASSWORDS_DIFFER,
} from './password-checks';

describe('account field checks', () => {
  it('checks a new password with sign-up rules and messages', () => {
    expect(newPasswordError('')).toBe(messages.signup.passwordRequired);
    expect(newPasswordError('12345')).toBe(messages.signup.passwordShort);
    expect(newPasswordError('x'.repeat(129))).toBe(messages.signup.passwordLong);
    expect(newPasswordError('123456')).toBeUndefined();
    expect(newPasswordError('x'.repeat(128))).toBeUndefined();
  });

  it('asks only for some current password (an old one may be shorter than today’s rule)', () => {
    expect(currentPasswordError('')).toBe(messages.login.passwordRequired);
    expect(currentPasswordError('abc')).toBeUndefined();
    expect(currentPasswordError('x'.repeat(129))).toBe(messages.signup.passwordLong);
  });

  it('checks the e-mail address like the login page', () => {
    expect(emailError('')).toBe(messages.login.emailRequired);
    expect(emailError('  ')).toBe(messages.login.emailRequired);
    expect(emailError('dana@')).toBe(messages.login.emailInvalid);
    expect(emailError(' Dana@Example.com ')).toBeUndefined();
  });

  it('says the passwords do not match only when they differ', () => {
    expect(PASSWORDS_DIFFER).toBe('The passwords do not match');
    expect(confirmationError('secret-1', 'secret-2')).toBe(PASSWORDS_DIFFER);
    expect(confirmationError('secret-1', '')).toBe(PASSWORDS_DIFFER);
    expect(confirmationError('secret-1', 'secret-1')).toBeUndefined();
    expect(confirmationError('', '')).toBeUndefined();
  });
});
