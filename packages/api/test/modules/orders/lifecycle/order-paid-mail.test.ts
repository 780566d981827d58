// The "paid" message of the lifecycle: the exact text for a card payment and an on-account payment, and HTML that
// escapes every value it is given.
import { describe, expect, it } from 'vitest';
import { renderMail } from '../../../../src/modules/mail/templates/index.js';
import { SITE } from '../../mail/mail-fixtures.js';

const HOSTILE = `<img src=x onerror="alert(1)"> & 'Co'`;

describe('order-paid mail', () => {
  it('says what was received, with the reference, for a card payment and an on-account one', () => {
    const card = renderMail(SITE, {
      kind: 'order-paid',
      data: {
        orderId: 'o1',
        buyerName: 'Ada Lovelace',
        poNumber: 'PO-9',
        totalCents: 170_000,
        paidBy: 'card',
        reference: 'pi_123',
      },
    });
    expect(card.subject).toBe('Order o1 paid (PO PO-9)');
    expect(card.text).toContain('We have received your card payment of $1,700.00; your order is confirmed.');
    expect(card.text).toMatch(/Reference: +pi_123/);
    const account = renderMail(SITE, {
      kind: 'order-paid',
      data: { orderId: 'o2', buyerName: 'Ada', poNumber: null, totalCents: 5, paidBy: 'account', reference: 'BANK-1' },
    });
    expect(account.subject).toBe('Order o2 paid');
    expect(account.text).toContain('We have received your payment of $0.05 for this order on account.');
  });

  it('escapes every value in the HTML', () => {
    const mail = renderMail(SITE, {
      kind: 'order-paid',
      data: { orderId: 'o1', buyerName: HOSTILE, poNumber: HOSTILE, totalCents: 1, paidBy: 'card', reference: HOSTILE },
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;Co&#39;');
  });
});
