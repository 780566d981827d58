// The two pure rules of the sign-in: where the browser may be sent back to, and when Google sign-in is on.
import { describe, expect, it } from 'vitest';
import { resolveOidcSettings } from '../../../../src/modules/accounts/google/oidc-settings.js';
import { safeReturnTo } from '../../../../src/modules/accounts/google/return-to.js';

describe('safeReturnTo', () => {
  it.each([
    ['/purchase/0123456789abcdef01234567', '/purchase/0123456789abcdef01234567'],
    ['/dashboard/myorder?tab=open#top', '/dashboard/myorder?tab=open#top'],
    ['/', '/'],
    ['/a/../b', '/b'],
  ])('keeps the local path %s as %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'dashboard',
    '/\t/evil.example',
    '/ /evil.example',
    '',
    `/${'a'.repeat(2048)}`,
  ])('sends %j to / instead', (input) => {
    expect(safeReturnTo(input)).toBe('/');
  });

  it('sends anything that is not a string to /', () => {
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo(['/a', '/b'])).toBe('/');
    expect(safeReturnTo(42)).toBe('/');
  });
});

describe('resolveOidcSettings', () => {
  const google = (issuer: string, clientId = 'id', clientSecret = 'secret') => ({
    google: { issuer, clientId, clientSecret },
    publicUrl: 'https://shop.example.com',
  });

  it('is off without Google configuration or with blank credentials', () => {
    expect(resolveOidcSettings({ google: undefined, publicUrl: 'https://shop.example.com' })).toBeNull();
    expect(resolveOidcSettings(google('https://accounts.google.com', ' '))).toBeNull();
    expect(resolveOidcSettings(google('https://accounts.google.com', 'id', ''))).toBeNull();
  });

  it('uses Google and puts the callback under PUBLIC_URL', () => {
    const settings = resolveOidcSettings(google('https://accounts.google.com'));
    expect(settings?.issuer.href).toBe('https://accounts.google.com/');
    expect(settings?.redirectUri.href).toBe('https://shop.example.com/api/auth/google/callback');
    expect(settings?.clientId).toBe('id');
    expect(settings?.clientSecret).toBe('secret');
  });

  it('follows OIDC_ISSUER, allowing plain http only on this machine', () => {
    expect(resolveOidcSettings(google('http://127.0.0.1:4000'))?.issuer.href).toBe('http://127.0.0.1:4000/');
    expect(resolveOidcSettings(google('http://localhost:4000'))?.issuer.href).toBe('http://localhost:4000/');
    expect(resolveOidcSettings(google('https://login.example.org/realm'))?.issuer.href).toBe(
      'https://login.example.org/realm',
    );
    expect(() => resolveOidcSettings(google('http://login.example.org'))).toThrow(
      'Invalid configuration: OIDC_ISSUER must be an https URL (plain http is allowed only for 127.0.0.1 or localhost)',
    );
  });
});
