// What the login page shows for /login?authError=...: the shared messages as sent, anything else as the generic one.
import { messages } from '@kestrel/shared';
import { describe, expect, it } from 'vitest';
import { googleAuthError } from './google-auth-error';

describe('googleAuthError', () => {
  it('shows nothing without authError', () => {
    expect(googleAuthError('')).toBeNull();
    expect(googleAuthError('?from=/dashboard')).toBeNull();
  });

  it('shows each message the backend sends exactly', () => {
    for (const message of Object.values(messages.googleSignIn)) {
      expect(googleAuthError(`?${new URLSearchParams({ authError: message }).toString()}`)).toBe(message);
    }
    expect(googleAuthError('?authError=Google+sign-in+was+cancelled')).toBe('Google sign-in was cancelled');
  });

  it('never shows words of a link sender', () => {
    expect(googleAuthError('?authError=Call+555-0100+to+unlock+your+account')).toBe(
      'Google sign-in failed, please try again',
    );
  });
});
