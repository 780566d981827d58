// Without SMTP_URL each message is written as MAIL_DIR/<id>.eml: a complete message a mail client opens, written
// whole (temporary file, then rename), and replaced rather than duplicated if it is ever written again.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailService } from '../../../src/modules/mail/index.js';
import { databases } from '../../helpers/databases.js';
import { FROM, SEALER, SITE, mailFixture, resetMail, type MailFixture } from './mail-fixtures.js';
import { parseMessage } from './mime.js';

describe.each(databases)('mail as .eml files on %s', (kind) => {
  let f: MailFixture;
  beforeEach(async () => {
    f = await mailFixture(kind);
  });
  afterEach(async () => {
    await f.close();
  });

  it('writes each message as <id>.eml in MAIL_DIR (DATA_DIR/mail by default), and nothing else', async () => {
    const mail = f.service();
    await mail.send(resetMail('ada@example.com', 'reset:1', 'abc-def'));
    const row = await f.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(await mail.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });

    const dir = join(f.db.dir, 'mail');
    expect(readdirSync(dir)).toEqual([`${row.id}.eml`]);
    const raw = readFileSync(join(dir, `${row.id}.eml`), 'utf8');
    expect(raw).not.toMatch(/[^\r]\n/);
    const message = parseMessage(raw);
    expect(message.headers.get('from')).toBe(FROM);
    expect(message.headers.get('to')).toBe('ada@example.com');
    expect(message.headers.get('subject')).toBe('Reset your Kestrel Components password');
    expect(message.headers.get('message-id')).toBe(`<${row.id}.password-reset@shop.example.com>`);
    expect(message.headers.get('date')).toBe('Mon, 02 Mar 2026 09:00:00 +0000');
    expect(message.headers.get('content-type')).toMatch(/^multipart\/alternative; boundary=/);
    expect(message.text.replace(/\r\n/g, '\n')).toBe(
      [
        'Hello Ada,',
        '',
        'Someone asked to reset the password of your account. The link works once, within 30 minutes.',
        '',
        'Choose a new password: https://shop.example.com/reset-password/abc-def',
        '',
        'If it was not you, ignore this message: your password stays as it is.',
        '',
        'Kestrel Components',
        'https://shop.example.com',
        '',
        'You receive this because a password reset was requested for this address at Kestrel Components.',
        '',
      ].join('\n'),
    );
    expect(message.html).toContain('<a href="https://shop.example.com/reset-password/abc-def"');
    expect(await f.database.db.selectFrom('mail_outbox').select('status').executeTakeFirst()).toEqual({
      status: 'sent',
    });
  });

  it('writes to MAIL_DIR when it is set elsewhere', async () => {
    const elsewhere = join(f.db.dir, 'outgoing', 'mail');
    const mail = f.service();
    const other = createMailService({
      database: f.database,
      config: { smtpUrl: undefined, from: FROM, dir: elsewhere },
      site: SITE,
      sealer: SEALER,
      log: { warn: () => undefined, error: () => undefined },
    });
    await mail.send(resetMail('ada@example.com', 'reset:2'));
    expect(await other.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    await other.close();
    expect(readdirSync(elsewhere)).toHaveLength(1);
    expect(readdirSync(elsewhere)[0]).toMatch(/^[0-9a-f]{24}\.eml$/);
  });
});
