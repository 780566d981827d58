// Quote mail through a real SMTP server (B2B §6, §10) on both databases: each step's message leaves the outbox for the
// right mailbox, naming the quote's number in its subject and body, with the link to that side's quote page.
import type { Quote } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { freePort } from '../../helpers/free-port.js';
import { ADMIN, addProduct, call, createTestApp, logIn, signUp, type TestApp } from '../../helpers/test-app.js';
import { smtpSink, type SmtpSink } from '../mail/smtp-sink.js';

describe.each(databases)('quote mail over SMTP on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = smtpSink(await freePort());
    await smtp.start();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.com' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('delivers requested (to the admin), offered and a message (to the requester), accepted (to the admin)', async () => {
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    const buyer = await signUp(t.app, 'Quinn Buyer', 'quinn@example.com');
    const part = await addProduct(t.app, admin, { name: 'Bracket', price: 3, quantity: 10, availableQuantity: 500 });
    const asked = await call(t.app, 'POST', '/api/quotes', buyer, {
      lines: [{ productId: part, quantity: 400, targetPrice: 2.5 }],
      note: 'For the spring run',
    });
    const quote: Quote = asked.json();
    const offer = await call(t.app, 'POST', `/api/quotes/${quote._id}/offer`, admin, {
      lines: [{ productId: part, unitPrice: 2.75 }],
      validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(offer.statusCode).toBe(200);
    await call(t.app, 'POST', `/api/quotes/${quote._id}/messages`, admin, { text: 'Ships in two weeks' });
    const accepted = await call(t.app, 'POST', `/api/quotes/${quote._id}/accept`, buyer, {
      phone: '+1 555 0100',
      address: '1 Dock Road',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await t.app.mail.deliverDue();

    const quoteMail = smtp.received.filter((m) => (m.headers.get('subject') ?? '').startsWith('Quote '));
    expect(quoteMail.map((m) => [m.envelopeTo.join(','), m.headers.get('subject')])).toEqual([
      [ADMIN.email, `Quote ${quote.number} requested`],
      ['quinn@example.com', `Quote ${quote.number} offered`],
      ['quinn@example.com', `Quote ${quote.number} has a new message`],
      [ADMIN.email, `Quote ${quote.number} accepted`],
    ]);
    const [requested, offered, message] = quoteMail.map((m) => m.text.replace(/\r\n/g, '\n'));
    expect(requested).toContain('Quinn Buyer (quinn@example.com) asks for a quote of 1 line(s).');
    expect(requested).toContain('For the spring run');
    expect(requested).toContain(`https://shop.example.com/dashboard/manage-quotes/${quote._id}`);
    expect(offered).toContain('$1,100.00');
    expect(offered).toContain(`https://shop.example.com/dashboard/quotes/${quote._id}`);
    expect(message).toContain('Ships in two weeks');
    // The order placed names itself too, as every order does.
    expect(smtp.received.some((m) => /^Order SO-\d{4}-\d{6} placed/.test(m.headers.get('subject') ?? ''))).toBe(true);
  });
});
