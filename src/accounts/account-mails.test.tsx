import { describe, expect, it } from 'vitest';
import { renderMail } from '../platform/mail/render.tsx';
import { AccountCreatedMail, PasswordResetMail } from './account-mails.tsx';

/** A body with its line breaks (the text's word wrap) read as spaces. */
const flat = (body: string) => body.replace(/\s+/g, ' ');

describe('the account mails', () => {
  it('sends the reset link, in HTML and as text', async () => {
    const resetUrl = 'https://shop.example/my-account/lost-password/?key=abc&login=7';
    const { html, text: wrapped } = await renderMail(
      <PasswordResetMail to="ada@example.com" name="Ada" resetUrl={resetUrl} />,
    );
    expect(html).toContain(
      'href="https://shop.example/my-account/lost-password/?key=abc&amp;login=7"',
    );
    expect(html).toContain('Click here to reset your password');
    const text = flat(wrapped);
    expect(text).toContain('Hi Ada,');
    expect(text).toContain(
      'Someone has requested a new password for the following account on Hearth & Thread:',
    );
    expect(text).toContain('Account: ada@example.com');
    expect(text).toContain(`Click here to reset your password [${resetUrl}]`);
  });

  it('welcomes a new customer with their username and account link', async () => {
    const { html, text: wrapped } = await renderMail(
      <AccountCreatedMail
        customerId={7}
        to="ada@example.com"
        name=""
        accountUrl="https://shop.example/my-account/"
      />,
    );
    expect(html).toContain('<h1');
    const text = flat(wrapped);
    expect(text).toContain('Welcome to Hearth & Thread');
    expect(text).toContain('Hello,');
    expect(text).toContain('Your username is ada@example.com.');
    expect(text).toContain('My account [https://shop.example/my-account/]');
  });
});
