// Mail settings (B2B §6): SMTP_URL, MAIL_FROM and MAIL_DIR, validated at start like every other variable.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/infra/config.js';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/shop');

describe('mail configuration', () => {
  it('writes .eml files under DATA_DIR/mail by default, from no-reply at the public host', () => {
    expect(load({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'Kestrel Components <no-reply@localhost>',
      dir: join('/srv/shop', 'data', 'mail'),
    });
    expect(load({ DATA_DIR: '/var/lib/kestrel', PUBLIC_URL: 'https://parts.example.com' }).mail).toEqual({
      smtpUrl: undefined,
      from: 'Kestrel Components <no-reply@parts.example.com>',
      dir: '/var/lib/kestrel/mail',
    });
  });

  it('takes SMTP_URL, MAIL_FROM and MAIL_DIR as given', () => {
    expect(
      load({
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        MAIL_FROM: 'Kestrel Orders <orders@example.com>',
        MAIL_DIR: 'outgoing',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      from: 'Kestrel Orders <orders@example.com>',
      dir: '/srv/shop/outgoing',
    });
    expect(load({ MAIL_FROM: 'orders@example.com' }).mail.from).toBe('orders@example.com');
  });

  it.each([
    [{ SMTP_URL: 'http://smtp.example.com' }, 'SMTP_URL must be smtp://... or smtps://...'],
    [{ SMTP_URL: 'smtp://' }, 'SMTP_URL must be smtp://... or smtps://...'],
    [{ SMTP_URL: 'smtp://exa mple.com:25' }, 'SMTP_URL must be a valid URL'],
    [{ MAIL_FROM: 'orders' }, 'MAIL_FROM must be an e-mail address, or a name and <address>'],
    [{ MAIL_FROM: 'Orders <orders@example>' }, 'MAIL_FROM must be an e-mail address, or a name and <address>'],
  ])('stops the start on %j, naming the variable', (env, message) => {
    expect(() => load(env)).toThrow(`Invalid configuration: ${message}`);
  });
});
