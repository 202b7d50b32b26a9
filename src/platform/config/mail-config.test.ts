import { describe, expect, it } from 'vitest';
import { loadMailConfig } from './mail-config.ts';

const load = (env: NodeJS.ProcessEnv) => loadMailConfig(env, '/srv/shop');

describe('mail settings from the environment (CONTRACT §5)', () => {
  it('writes to the outbox under the data folder when no SMTP server is set', () => {
    expect(load({})).toEqual({
      smtp: undefined,
      from: '"Hearth & Thread" <shop@localhost>',
      shopEmail: 'shop@localhost',
      outboxDir: '/srv/shop/outbox',
    });
  });

  it('takes SMTP_URL whole, and SHOP_EMAIL defaults to MAIL_FROM’s address', () => {
    const config = load({
      SMTP_URL: 'smtp://user:pass@mail.example:587',
      MAIL_FROM: 'Hearth & Thread <shop@hearth.example>',
    });
    expect(config.smtp).toEqual({ url: 'smtp://user:pass@mail.example:587' });
    expect(config.shopEmail).toBe('shop@hearth.example');
    expect(
      load({
        SMTP_URL: 'smtps://mail.example',
        MAIL_FROM: 'a@b.example',
        SHOP_EMAIL: 'orders@b.example',
      }).shopEmail,
    ).toBe('orders@b.example');
  });

  it('builds the server from host, port, user, password and secure', () => {
    const base = { SMTP_HOST: 'mail.example', MAIL_FROM: 'shop@hearth.example' };
    expect(load(base).smtp).toEqual({ host: 'mail.example', port: 587, secure: false });
    expect(load({ ...base, SMTP_PORT: '465' }).smtp).toMatchObject({ port: 465, secure: true });
    expect(load({ ...base, SMTP_SECURE: 'true' }).smtp).toMatchObject({ port: 465, secure: true });
    expect(
      load({ ...base, SMTP_PORT: '2525', SMTP_SECURE: 'false', SMTP_USER: 'u', SMTP_PASSWORD: 'p' })
        .smtp,
    ).toEqual({
      host: 'mail.example',
      port: 2525,
      secure: false,
      user: 'u',
      password: 'p',
    });
  });

  it('refuses settings that cannot work, saying which', () => {
    expect(() => load({ SMTP_HOST: 'mail.example' })).toThrow(/MAIL_FROM is required/);
    expect(() => load({ SMTP_URL: 'http://mail.example', MAIL_FROM: 'a@b.c' })).toThrow(/SMTP_URL/);
    const base = { SMTP_HOST: 'mail.example', MAIL_FROM: 'a@b.c' };
    expect(() => load({ ...base, SMTP_PORT: '70000' })).toThrow(/SMTP_PORT/);
    expect(() => load({ ...base, SMTP_PORT: '25x' })).toThrow(/SMTP_PORT/);
    expect(() => load({ ...base, SMTP_SECURE: 'maybe' })).toThrow(/SMTP_SECURE/);
    expect(() => load({ ...base, SMTP_USER: 'u' })).toThrow(/SMTP_USER and SMTP_PASSWORD/);
    expect(() => load({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(() => load({ MAIL_FROM: 'a@b.c, d@e.f' })).toThrow(/MAIL_FROM/);
    expect(() => load({ SHOP_EMAIL: 'nobody' })).toThrow(/SHOP_EMAIL/);
  });
});
