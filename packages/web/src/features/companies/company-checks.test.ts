// The company forms' checks match the server's rules and say them plainly.
import { describe, expect, it } from 'vitest';
import { companyCreateSchema, type CompanyCreate } from '@kestrel/shared';
import { schemaResolver } from '../../lib/schema-resolver';
import { companyFormMessages as m, companyWords, emailError, limitText, parseLimit } from './company-checks';

/** What "Create a company" says of these values: each field's message, as the form shows it. */
async function said(values: CompanyCreate): Promise<Record<string, string | undefined>> {
  const resolve = schemaResolver(companyCreateSchema, companyWords);
  const { errors } = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
}

describe('company form checks', () => {
  it('needs a one-line name and a billing address; the tax ID is optional', async () => {
    expect(await said({ name: ' ', taxId: '', billingAddress: '' })).toEqual({
      name: m.nameRequired,
      billingAddress: m.addressRequired,
    });
    expect(await said({ name: 'Acme\nLtd', taxId: 'x'.repeat(65), billingAddress: '1 Road\nLeeds' })).toEqual({
      name: m.nameOneLine,
      taxId: m.taxIdTooLong,
    });
    expect(await said({ name: 'Acme Ltd', taxId: '', billingAddress: '1 Mill Road\r\nLeeds LS1' })).toEqual({});
    expect(await said({ name: 'Acme', taxId: '', billingAddress: 'a\tb' })).toEqual({
      billingAddress: m.addressText,
    });
    expect(await said({ name: 'x'.repeat(201), taxId: 'GB\n1', billingAddress: 'a'.repeat(301) })).toEqual({
      name: m.nameTooLong,
      taxId: m.taxIdOneLine,
      billingAddress: m.addressTooLong,
    });
    expect(await said({ name: 'Acme \u202eLtd', taxId: '', billingAddress: 'a' })).toEqual({ name: m.nameDirection });
  });

  it('refuses a web address or a domain in the name, as the server does (#47)', async () => {
    for (const name of ['Acme www.acme-pay', 'Acme https://x', 'Pay at acme-billing.net', 'Acme 203.0.113.9']) {
      expect(await said({ name, taxId: '', billingAddress: 'a' }), name).toEqual({ name: m.nameWebAddress });
    }
    expect(await said({ name: 'J. P. Acme & Co. Ltd.', taxId: '', billingAddress: 'a' })).toEqual({});
  });

  it('reads a spending limit as dollars, empty as none', () => {
    expect(parseLimit('')).toEqual({ ok: true, value: null });
    expect(parseLimit(' 2500 ')).toEqual({ ok: true, value: 2500 });
    expect(parseLimit('$1,250.50')).toEqual({ ok: true, value: 1250.5 });
    expect(parseLimit('0')).toEqual({ ok: true, value: 0 });
    for (const bad of ['-1', '1.005', 'ten', '1e3', '100000001']) {
      expect(parseLimit(bad)).toEqual({ ok: false, message: m.limitInvalid });
    }
    expect(limitText(null)).toBe('');
    expect(limitText(2500)).toBe('2500');
    expect(limitText(1250.5)).toBe('1250.50');
  });

  it('checks one e-mail address', () => {
    expect(emailError('')).toBe(m.emailRequired);
    expect(emailError('dana@')).toBe(m.emailInvalid);
    expect(emailError('a@b.com, c@d.com')).toBe(m.emailInvalid);
    expect(emailError(' dana@acme.example ')).toBeUndefined();
  });
});
