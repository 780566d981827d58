// The message templates: the exact plain text a reader sees, and HTML that escapes every value and keeps to what
// mail clients render (tables and inline styles; no <style> block, no script, no external resources).
import { describe, expect, it } from 'vitest';
import {
  renderMail,
  subjectOf,
  type MailContent,
  type MailKind,
  type OrderPlacedMail,
} from '../../../src/modules/mail/templates/index.js';
import { SITE } from './mail-fixtures.js';

const HOSTILE = `<img src=x onerror="alert(1)"> & 'Co'`;

const placed: OrderPlacedMail = {
  orderId: '0190a1b2c3d4e5f6a7b8c9d0',
  buyerName: 'Ada Lovelace',
  poNumber: 'PO-2026-17',
  lines: [
    { sku: 'KC-CPU-K7', name: 'Kestrel K7 CPU', quantity: 2000, unitPriceCents: 8500, lineTotalCents: 17_000_000 },
    { sku: 'KC-RAM-32', name: 'DDR5 32 GB', quantity: 50, unitPriceCents: 11_999, lineTotalCents: 599_950 },
  ],
  totalCents: 17_599_950,
  paymentTerms: 'account',
  dueDate: '2026-04-01T00:00:00.000Z',
};
const order: MailContent = { kind: 'order-placed', data: placed };

const every: MailContent[] = [
  order,
  {
    kind: 'order-shipped',
    data: { orderId: 'o1', buyerName: HOSTILE, poNumber: HOSTILE, carrier: HOSTILE, trackingNumber: HOSTILE },
  },
  {
    kind: 'order-cancelled',
    data: {
      orderId: 'o1',
      buyerName: HOSTILE,
      poNumber: HOSTILE,
      why: 'cancelled',
      reason: HOSTILE,
      refundedCents: 100,
    },
  },
  {
    kind: 'invoice-available',
    data: {
      orderId: 'o1',
      buyerName: HOSTILE,
      poNumber: HOSTILE,
      invoiceNumber: HOSTILE,
      totalCents: 100,
      dueDate: '2026-04-01',
    },
  },
  { kind: 'password-reset', data: { name: HOSTILE, token: 't', validMinutes: 30 } },
  { kind: 'email-verification', data: { name: HOSTILE, token: 't' } },
  {
    kind: 'webhook-disabled',
    data: { endpointId: 'w1', url: HOSTILE, failingSince: '2026-01-01T00:00:00.000Z', lastError: HOSTILE },
  },
  {
    kind: 'order-paid',
    data: { orderId: 'o1', buyerName: HOSTILE, poNumber: HOSTILE, totalCents: 100, paidBy: 'card', reference: HOSTILE },
  },
  {
    kind: 'order-rest-cancelled',
    data: {
      orderId: 'o3',
      orderNumber: HOSTILE,
      buyerName: HOSTILE,
      poNumber: HOSTILE,
      reason: HOSTILE,
      lines: [{ sku: HOSTILE, name: HOSTILE, quantity: 6 }],
      creditNoteNumber: HOSTILE,
      creditedCents: 6000,
      settlement: 'card',
    },
  },
  {
    kind: 'order-cancelled',
    data: { orderId: 'o2', buyerName: HOSTILE, poNumber: null, why: 'expired', reason: null, refundedCents: null },
  },
];

describe('mail templates', () => {
  it('covers every kind, and takes each subject alone exactly as the whole message has it', () => {
    const kinds: MailKind[] = [
      'order-placed',
      'order-paid',
      'order-shipped',
      'order-cancelled',
      'invoice-available',
      'password-reset',
      'email-verification',
      'webhook-disabled',
      'order-rest-cancelled',
    ];
    expect(new Set(every.map((m) => m.kind))).toEqual(new Set(kinds));
    for (const content of every) expect(subjectOf(SITE, content)).toBe(renderMail(SITE, content).subject);
    expect(subjectOf(SITE, every[every.length - 1] as MailContent)).toBe('Order o2 expired');
  });

  it('writes an order placed on account as plain text that reads well', () => {
    const mail = renderMail(SITE, order);
    expect(mail.subject).toBe('Order 0190a1b2c3d4e5f6a7b8c9d0 placed (PO PO-2026-17)');
    expect(mail.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'Thank you for your order. It is confirmed on account and payable by 1 April 2026.',
        '',
        'Order:     0190a1b2c3d4e5f6a7b8c9d0',
        'PO number: PO-2026-17',
        'Total:     $175,999.50',
        '',
        '- KC-CPU-K7 Kestrel K7 CPU: 2,000 x $85.00 = $170,000.00',
        '- KC-RAM-32 DDR5 32 GB: 50 x $119.99 = $5,999.50',
        '',
        'Follow your order: https://shop.example.com/dashboard/orders/0190a1b2c3d4e5f6a7b8c9d0',
        '',
        'Kestrel Components',
        'https://shop.example.com',
        '',
        'You receive this because an order was placed with your account at Kestrel Components.',
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain('>$175,999.50<');
    expect(mail.html).toContain('>2,000<');
    expect(mail.html).toContain('<a href="https://shop.example.com/dashboard/orders/0190a1b2c3d4e5f6a7b8c9d0"');
  });

  it('says a card order waits for payment, and leaves out a missing PO number', () => {
    const mail = renderMail(SITE, {
      kind: 'order-placed',
      data: { ...placed, poNumber: null, paymentTerms: 'card', dueDate: null },
    });
    expect(mail.subject).toBe('Order 0190a1b2c3d4e5f6a7b8c9d0 placed');
    expect(mail.text).toContain('Thank you for your order. It is reserved for you and waits for payment by card.');
    expect(mail.text).not.toContain('PO number');
    expect(mail.html).not.toContain('PO number');
  });

  it('names the cancelled units of a partly shipped order, its credit note, and where the money goes', () => {
    const data = {
      orderId: 'o7',
      orderNumber: 'SO-2026-000007',
      buyerName: 'Ada',
      poNumber: 'PO-9',
      reason: 'Discontinued part',
      lines: [{ sku: 'KC-FAN-1', name: 'Case fan', quantity: 12_000 }],
      creditNoteNumber: 'CN-2026-000003',
      creditedCents: 1_306_800,
      settlement: 'card' as const,
    };
    const card = renderMail(SITE, { kind: 'order-rest-cancelled', data });
    expect(card.subject).toBe('Order SO-2026-000007 unshipped units cancelled (PO PO-9)');
    expect(card.text).toBe(
      [
        'Hello Ada,',
        '',
        'The 12,000 units of your order that had not shipped are cancelled and will not be sent; what has shipped is not affected. We are refunding $13,068.00 to the card you paid with (credit note CN-2026-000003); banks usually show it within 5-10 days.',
        '',
        'Order:             SO-2026-000007',
        'PO number:         PO-9',
        'Reason:            Discontinued part',
        'KC-FAN-1 Case fan: 12,000 units cancelled',
        'Credit note:       CN-2026-000003',
        '',
        'Your orders: https://shop.example.com/dashboard/orders/o7',
        '',
        'Kestrel Components',
        'https://shop.example.com',
        '',
        'You receive this because you placed this order at Kestrel Components.',
        '',
      ].join('\n'),
    );
    const invoice = renderMail(SITE, { kind: 'order-rest-cancelled', data: { ...data, settlement: 'invoice' } });
    expect(invoice.text).toContain(
      'Credit note CN-2026-000003 takes $13,068.00 off your invoice; pay only what is still due.',
    );
    const account = renderMail(SITE, { kind: 'order-rest-cancelled', data: { ...data, settlement: 'balance' } });
    expect(account.text).toContain("Credit note CN-2026-000003 credits $13,068.00 to your company's account.");
    // An order never invoiced was never charged: nothing to credit, and the message says only what was cancelled.
    const uncharged = renderMail(SITE, {
      kind: 'order-rest-cancelled',
      data: {
        ...data,
        creditNoteNumber: null,
        creditedCents: null,
        settlement: null,
        lines: [{ sku: 'KC-FAN-1', name: 'Case fan', quantity: 1 }],
      },
    });
    expect(uncharged.text).toContain('The 1 unit of your order that had not shipped is cancelled');
  });

  it('names the refund of a cancelled card order, and the expiry of an unpaid one', () => {
    const base = { orderId: 'o9', buyerName: 'Ada', poNumber: null, reason: null };
    const refunded = renderMail(SITE, {
      kind: 'order-cancelled',
      data: { ...base, why: 'cancelled', refundedCents: 1999 },
    });
    expect(refunded.subject).toBe('Order o9 cancelled');
    expect(refunded.text).toContain('We have refunded $19.99 to the card you paid with');
    const expired = renderMail(SITE, {
      kind: 'order-cancelled',
      data: { ...base, why: 'expired', refundedCents: null },
    });
    expect(expired.subject).toBe('Order o9 expired');
    expect(expired.text).toContain('it has expired and the parts it reserved are released.');
    expect(expired.text).not.toContain('refunded');
  });

  it.each(every.map((c) => [c.kind, c] as const))(
    '%s: escapes every value and uses only inline styles',
    (_, content) => {
      const { html, text } = renderMail(SITE, content);
      expect(html).not.toContain('<img');
      expect(html).not.toMatch(/<script|<style|<link|javascript:/i);
      expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
      // Every tag that is styled is styled inline; no class names a stylesheet would need.
      expect(html).not.toContain('class=');
      if (content.kind !== 'order-placed')
        expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;Co&#39;');
      // Plain text is text: the value as given, no entities.
      if (content.kind !== 'order-placed') expect(text).toContain(HOSTILE);
    },
  );

  it('puts the token into the link safely and says how long it works', () => {
    const reset = renderMail(SITE, { kind: 'password-reset', data: { name: 'Ada', token: 'a/b?c', validMinutes: 30 } });
    expect(reset.text).toContain('https://shop.example.com/reset-password/a%2Fb%3Fc');
    expect(reset.text).toContain('The link works once, within 30 minutes.');
    const verify = renderMail(SITE, { kind: 'email-verification', data: { name: 'Ada', token: 'tok' } });
    expect(verify.subject).toBe('Confirm your e-mail address for Kestrel Components');
    expect(verify.text).toContain('Confirm it: https://shop.example.com/verify-email/tok');
  });
});
