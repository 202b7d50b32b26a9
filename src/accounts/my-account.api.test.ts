import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOST_PASSWORD_RATE_LIMIT, REGISTER_RATE_LIMIT } from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { SESSION_COOKIE } from '../platform/session/session.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import type { AuthAnswer } from './auth-answers.ts';
import { keyOf, recordingAccountMails } from './mails.fixture.ts';

const DEMO = { username: 'customer@example.com', password: 'correct horse battery staple' };
const STRONG = 'walnut sunrise ladder';

function field(html: string, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  if (value === undefined) throw new Error(`no ${name} on the page`);
  return value;
}

type Answer = AuthAnswer & { code?: string };

describe.each(databaseKinds)('my-account and the auth calls on %s', (kind) => {
  let t: TestShop;
  const mails = recordingAccountMails();

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true, accountMails: mails });
  });
  afterAll(() => t.close());
  // Every test comes from 127.0.0.1: each counts its own attempts.
  beforeEach(() => t.shop.db.deleteFrom('rate_limits').execute());

  const browser = () => new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });

  /** A visitor on `/my-account/`: the page's nonces. */
  async function visitor(client = browser()) {
    const page = await client.get('/my-account/');
    return {
      client,
      login: field(page.text, 'woocommerce-login-nonce'),
      register: field(page.text, 'woocommerce-register-nonce'),
      lostPassword: field(
        (await client.get('/my-account/lost-password/')).text,
        'woocommerce-lost-password-nonce',
      ),
    };
  }

  /** Seed 000 §7: the action and the serialized form in one field. */
  const call = (client: ShopperClient, action: string, form: Record<string, string>) =>
    client.postForm<Answer>('/admin-ajax', {
      action,
      data: new URLSearchParams(form).toString(),
    });

  const addHoodie = async (client: ShopperClient) => {
    const hoodie = (await t.shop.catalog.productBySlug('classic-hoodie'))!.id;
    expect(
      (await client.postForm('/?wc-ajax=add_to_cart', { product_id: String(hoodie) })).status,
    ).toBe(200);
  };
  const cartOf = async (client: ShopperClient) =>
    (
      await client.get<{ items: { name: string; quantity: number }[] }>('/wc/store/v1/cart')
    ).body.items.map((item) => [item.name, item.quantity]);

  describe('nonces and origins', () => {
    const forms = (nonces: Awaited<ReturnType<typeof visitor>>) => ({
      login: { ...DEMO, field: 'woocommerce-login-nonce', nonce: nonces.login },
      register: {
        email: 'n@example.com',
        password: STRONG,
        field: 'woocommerce-register-nonce',
        nonce: nonces.register,
      },
      lost_password: {
        user_login: DEMO.username,
        field: 'woocommerce-lost-password-nonce',
        nonce: nonces.lostPassword,
      },
    });

    it('refuses each auth call with a missing, forged or another action’s nonce, and changes nothing', async () => {
      const nonces = await visitor();
      const before = await t.shop.db.selectFrom('account_tokens').select('token_hash').execute();
      for (const [action, { field: name, nonce: _nonce, ...form }] of Object.entries(
        forms(nonces),
      )) {
        const missing = await call(nonces.client, action, form);
        const forged = await call(nonces.client, action, { ...form, [name]: '0123456789ab' });
        const other = await call(nonces.client, action, {
          ...form,
          [name]: action === 'login' ? nonces.register : nonces.login,
        });
        for (const answer of [missing, forged, other]) {
          expect(answer.status, action).toBe(403);
          expect(answer.body).toMatchObject({ code: 'invalid_nonce', status: 'error' });
        }
      }
      expect(nonces.client.cookie(SESSION_COOKIE)).toBeUndefined();
      expect(await t.shop.db.selectFrom('account_tokens').select('token_hash').execute()).toEqual(
        before,
      );
      expect(mails.sent.filter((m) => m.to === 'n@example.com')).toEqual([]);
    });

    it('refuses an auth call another site’s page makes, even with a good nonce', async () => {
      const nonces = await visitor();
      const { field: name, nonce, ...form } = forms(nonces).login;
      const answer = await nonces.client.postForm<Answer>(
        '/admin-ajax',
        { action: 'login', data: new URLSearchParams({ ...form, [name]: nonce }).toString() },
        { 'sec-fetch-site': 'cross-site' },
      );
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('cross_site_request');
    });

    it('refuses to send the browser to another site after logging in: redirect=https://elsewhere.example', async () => {
      const { client, login } = await visitor();
      const answer = await call(client, 'login', {
        ...DEMO,
        redirect: 'https://elsewhere.example',
        'woocommerce-login-nonce': login,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'invalid_redirect',
        status: 'error',
        redirect: '',
      });
      expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
      // The page post without JavaScript refuses it too.
      const page = await client.postForm('/my-account/', {
        ...DEMO,
        redirect: 'https://elsewhere.example',
        'woocommerce-login-nonce': login,
      });
      expect(page.status).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    });
  });

  describe('logging in', () => {
    it('hands out a new session cookie that keeps the guest’s cart, and follows a redirect on this site', async () => {
      const { client, login } = await visitor();
      await addHoodie(client);
      const before = client.cookie(SESSION_COOKIE);
      const answer = await call(client, 'login', {
        ...DEMO,
        redirect: '/shop/?orderby=price',
        'woocommerce-login-nonce': login,
      });
      expect(answer.body).toEqual({
        status: 'success',
        errors: {},
        message: '',
        redirect: '/shop/?orderby=price',
      });
      expect(client.cookie(SESSION_COOKIE)).toBeDefined();
      expect(client.cookie(SESSION_COOKIE)).not.toBe(before);
      expect(await cartOf(client)).toEqual([['Classic Hoodie', 1]]);
      expect((await client.get('/my-account/')).text).toContain('Hello');
    });

    it('brings the customer’s cart to another browser, merged with what that browser held', async () => {
      const phone = await visitor();
      await call(phone.client, 'login', { ...DEMO, 'woocommerce-login-nonce': phone.login });
      await addHoodie(phone.client);
      const laptop = await visitor();
      const lamp = (await t.shop.catalog.productBySlug('desk-lamp'))!.id;
      await laptop.client.postForm('/?wc-ajax=add_to_cart', { product_id: String(lamp) });
      await call(laptop.client, 'login', { ...DEMO, 'woocommerce-login-nonce': laptop.login });
      const cart = await cartOf(laptop.client);
      expect(cart).toContainEqual(['Desk Lamp', 1]);
      expect(cart.find(([name]) => name === 'Classic Hoodie')).toBeDefined();
    });

    it('shows a wrong password’s error beneath the password field, without JavaScript too', async () => {
      const { client, login } = await visitor();
      const answer = await call(client, 'login', {
        username: DEMO.username,
        password: 'wrong',
        'woocommerce-login-nonce': login,
      });
      expect(answer.status).toBe(401);
      expect(answer.body.errors).toEqual({
        password: 'The email address or password you entered is incorrect.',
      });
      const page = await client.postForm('/my-account/', {
        username: DEMO.username,
        password: 'wrong',
        'woocommerce-login-nonce': login,
      });
      expect(page.status).toBe(401);
      expect(page.text).toMatch(/aria-describedby="password_error"/);
      expect(page.text).toMatch(
        /id="password_error" class="field-error" role="alert">The email address or password you entered is incorrect\./,
      );
      const right = await client.postForm('/my-account/', {
        ...DEMO,
        'woocommerce-login-nonce': login,
      });
      expect(right.status).toBe(303);
      expect(right.headers.get('location')).toBe('/my-account/');
      expect(client.cookie(SESSION_COOKIE)).toBeDefined();
    });
  });

  describe('registering', () => {
    it('answers a new and a taken address alike, then opens the new account from its mailed link, once', async () => {
      const { client, register } = await visitor();
      const email = `reg-${kind}@example.com`;
      const fresh = await call(client, 'register', {
        email,
        password: STRONG,
        'woocommerce-register-nonce': register,
      });
      const taken = await call(client, 'register', {
        email: DEMO.username,
        password: STRONG,
        'woocommerce-register-nonce': register,
      });
      expect(fresh.status).toBe(200);
      expect(taken.status).toBe(200);
      expect(fresh.body).toEqual({
        ...taken.body,
        message: taken.body.message.replace(DEMO.username, email),
      });
      expect(fresh.body).toMatchObject({ status: 'success', redirect: '' });
      expect(client.cookie(SESSION_COOKIE)).toBeUndefined();

      const link = mails.lastLink('confirmRegistration', email);
      const url = new URL(link);
      expect(url.origin).toBe(t.url);
      const page = await client.get(`${url.pathname}${url.search}`);
      expect(page.text).toContain('Confirm email address');
      const nonce = field(page.text, 'confirm-email-nonce');
      const confirmed = await client.postForm(`${url.pathname}${url.search}`, {
        key: keyOf(link),
        'confirm-email-nonce': nonce,
      });
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get('location')).toBe('/my-account/');
      expect((await client.get('/my-account/')).text).toContain('Your account has been created.');
      const again = await new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' }).postForm(
        `${url.pathname}${url.search}`,
        { key: keyOf(link), 'confirm-email-nonce': nonce },
      );
      expect(again.status).toBe(400);
      expect(again.text).toContain('This link is invalid or has expired');
    });

    it('refuses a weak password with its reason beneath the password field', async () => {
      const { client, register } = await visitor();
      const answer = await call(client, 'register', {
        email: 'weak@example.com',
        password: 'password123',
        'woocommerce-register-nonce': register,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors.reg_password).toMatch(
        /stronger password. This is a commonly used password/,
      );
    });

    it('limits registrations per IP address', async () => {
      const { client, register } = await visitor();
      const ask = (i: number) =>
        call(client, 'register', {
          email: `ip-${i}@example.com`,
          password: STRONG,
          'woocommerce-register-nonce': register,
        });
      for (let i = 0; i < REGISTER_RATE_LIMIT.perIp.max; i++)
        expect((await ask(i)).status).toBe(200);
      const refused = await ask(999);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ code: 'too_many_attempts', status: 'error' });
      expect(mails.sent.filter((m) => m.to === 'ip-999@example.com')).toEqual([]);
    });
  });

  describe('a lost password', () => {
    it('answers alike whether the address has an account', async () => {
      const { client, lostPassword } = await visitor();
      const known = await call(client, 'lost_password', {
        user_login: DEMO.username,
        'woocommerce-lost-password-nonce': lostPassword,
      });
      const unknown = await call(client, 'lost_password', {
        user_login: 'nobody@example.com',
        'woocommerce-lost-password-nonce': lostPassword,
      });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
    });

    it('sets a new password through the mailed link, which then no longer works', async () => {
      const { client, lostPassword } = await visitor();
      const email = `reset-${kind}@example.com`;
      const customer = await t.shop.accounts.register({
        email,
        password: STRONG,
        firstName: 'R',
        lastName: 'S',
      });
      expect('customer' in customer).toBe(true);
      await call(client, 'lost_password', {
        user_login: email,
        'woocommerce-lost-password-nonce': lostPassword,
      });
      const link = new URL(mails.lastLink('passwordReset', email));
      const opened = await client.get(`${link.pathname}${link.search}`);
      expect(opened.status).toBe(302);
      expect(opened.headers.get('location')).toBe(
        '/my-account/lost-password/?show-reset-form=true',
      );
      const form = await client.get('/my-account/lost-password/?show-reset-form=true');
      expect(form.headers.get('referrer-policy')).toBe('same-origin');
      const nonce = field(form.text, 'woocommerce-reset-password-nonce');
      const newPassword = 'violet kettle harbour mist';
      const reset = await client.postForm('/my-account/lost-password/?show-reset-form=true', {
        password_1: newPassword,
        password_2: newPassword,
        'woocommerce-reset-password-nonce': nonce,
      });
      expect(reset.status).toBe(303);
      expect(reset.headers.get('location')).toBe('/my-account/');
      expect((await client.get('/my-account/')).text).toContain('Your password has been reset.');

      const stranger = browser();
      const reused = await stranger.get(`${link.pathname}${link.search}`);
      expect(reused.status).toBe(200);
      expect(reused.text).toContain(
        'This password reset link is invalid, has expired or has been used already.',
      );
      const fresh = await visitor();
      const withNew = await call(fresh.client, 'login', {
        username: email,
        password: newPassword,
        'woocommerce-login-nonce': fresh.login,
      });
      expect(withNew.body.status).toBe('success');
    });

    it('limits reset requests per IP address', async () => {
      const { client, lostPassword } = await visitor();
      const ask = (i: number) =>
        call(client, 'lost_password', {
          user_login: `lost-${i}@example.com`,
          'woocommerce-lost-password-nonce': lostPassword,
        });
      for (let i = 0; i < LOST_PASSWORD_RATE_LIMIT.perIp.max; i++)
        expect((await ask(i)).status).toBe(200);
      const refused = await ask(999);
      expect(refused.status).toBe(429);
      expect(refused.body.errors.user_login).toMatch(/Too many password reset requests/);
    });
  });

  describe('my-account for a customer', () => {
    async function loggedIn() {
      const nonces = await visitor();
      await call(nonces.client, 'login', { ...DEMO, 'woocommerce-login-nonce': nonces.login });
      return nonces.client;
    }

    it('prefills the next checkout with an address edited in my-account', async () => {
      const client = await loggedIn();
      const page = await client.get('/my-account/edit-address/billing/');
      const nonce = field(page.text, 'woocommerce-edit-address-nonce');
      const address = {
        billing_first_name: 'Casey',
        billing_last_name: 'Customer',
        billing_country: 'GB',
        billing_address_1: '221B Baker Street',
        billing_city: 'London',
        billing_postcode: 'NW1 6XE',
        billing_phone: '020 7946 0000',
        billing_email: DEMO.username,
      };
      const refused = await client.postForm('/my-account/edit-address/billing/', {
        ...address,
        billing_postcode: 'nope',
        'woocommerce-edit-address-nonce': nonce,
      });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('is not a valid postcode / ZIP');
      const saved = await client.postForm('/my-account/edit-address/billing/', {
        ...address,
        'woocommerce-edit-address-nonce': nonce,
      });
      expect(saved.status).toBe(303);
      await addHoodie(client);
      const checkout = await client.get('/checkout/');
      expect(checkout.text).toMatch(/name="billing_address_1"[^>]*value="221B Baker Street"/);
      expect(checkout.text).toMatch(/name="billing_city"[^>]*value="London"/);
    });

    it('shows only the customer’s own orders', async () => {
      const client = await loggedIn();
      expect((await client.get('/my-account/orders/')).status).toBe(200);
      const guestOrder = await t.shop.db
        .insertInto('orders')
        .values({
          order_key: `wc_order_guest_${kind}`,
          status: 'failed',
          customer_id: null,
          session_id: null,
          currency: 'USD',
          billing_json: JSON.stringify({ email: DEMO.username, country: 'US' }),
          shipping_json: '{}',
          payment_method: 'stripe',
          payment_method_title: 'Card',
          transaction_id: null,
          subtotal: 100,
          discount_total: 0,
          shipping_total: 0,
          tax_total: 0,
          total: 100,
          coupons_json: '[]',
          customer_note: '',
          created_at: new Date().toISOString(),
          paid_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await client.get(`/my-account/view-order/${guestOrder.id}/`)).status).toBe(404);
      expect((await client.get('/my-account/orders/')).text).not.toContain(
        `Order #${guestOrder.id}`,
      );
      expect((await browser().get('/my-account/orders/')).text).toContain(
        'woocommerce-login-nonce',
      );
    });
  });
});
