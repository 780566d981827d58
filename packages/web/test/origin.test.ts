import { describe, expect, it } from 'vitest';
import { originPath } from '../src/lib/origin';

describe('originPath: where sign-in returns to', () => {
  it('returns to the guarded page with its query and hash', () => {
    expect(originPath({ from: { pathname: '/purchase/abc', search: '?x=1', hash: '#top' } })).toBe(
      '/purchase/abc?x=1#top',
    );
  });

  it("goes to '/' without an origin", () => {
    expect(originPath(null)).toBe('/');
    expect(originPath(undefined)).toBe('/');
    expect(originPath({})).toBe('/');
    expect(originPath({ from: 42 })).toBe('/');
  });

  it('accepts a plain same-site path string', () => {
    expect(originPath({ from: '/dashboard/myorder' })).toBe('/dashboard/myorder');
  });

  it('never sends anyone to another site', () => {
    expect(originPath({ from: 'https://evil.example/' })).toBe('/');
    expect(originPath({ from: '//evil.example/x' })).toBe('/');
    expect(originPath({ from: { pathname: 'https://evil.example/' } })).toBe('/');
  });

  it('does not loop back to the login or signup page', () => {
    expect(originPath({ from: { pathname: '/login' } })).toBe('/');
    expect(originPath({ from: { pathname: '/signup', search: '' } })).toBe('/');
  });
});
