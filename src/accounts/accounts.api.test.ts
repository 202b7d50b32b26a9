import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeBillingForm } from '../checkout/billing.fixture.ts';
import { CHECKOUT_NONCE } from '../checkout/nonces.ts';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import { LOGIN_RATE_LIMIT } from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { createNonce } from '../platform/nonce/nonce.ts';
import { SESSION_COOKIE } from '../platform/session/session.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { LOGIN_NONCE } from './nonces.ts';

interface AuthAnswer {
  status: 'success' | 'error';
  errors: Record<string, string>;
  message: string;
  redirect: string;
  code?: string;
}

interface CheckoutAnswer {
  result: 'success' | 'failure';
  redirect?: string;
  order_id?: number;
  errors?: string[];
  reload?: boolean;
}

const DEMO = { username: 'customer@example.com', password: 'correct horse battery staple' };

function field(html: string, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  if (value === undefined) throw new Error(`no ${name} on the page`);
  return value;
}

/** The session id inside the signed session cookie. */
function sessionIdOf(client: ShopperClient): string | undefined {
  const token = client.cookie(SESSION_COOKIE);
  return token
    ? decodeURIComponent(token).slice(0, decodeURIComponent(token).lastIndexOf('.'))
    : undefined;
}

async function shopperAtCheckout(t: TestShop) {
  const client = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
  const hoodie = (await t.shop.catalog.productBySlug('classic-hoodie'))!.id;
  const added = await client.postForm('/?wc-ajax=add_to_cart', {
    product_id: String(hoodie),
    quantity: '1',
  });
  expect(added.status).toBe(200);
  const page = await client.get('/checkout/');
  const sessionId = sessionIdOf(client)!;
  return {
    client,
    page: page.text,
    loginNonce: field(page.text, 'woocommerce-login-nonce'),
    // A shop that wants a login first shows no checkout form: the nonce it would have had.
    checkoutNonce: createNonce(t.shop.secret, CHECKOUT_NONCE, sessionId),
  };
}

/** Seed 000 §7: the action and the serialized form in one field. */
function logIn(client: ShopperClient, fields: Record<string, string>) {
  return client.postForm<AuthAnswer>('/admin-ajax', {
    action: 'login',
    data: new URLSearchParams(fields).toString(),
  });
}

describe.each(databaseKinds)('logging in and out on %s', (kind) => {
  let t: TestShop;

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true });
  });
  afterAll(() => t.close());

  const sessionRow = (id: string | undefined) =>
    t.shop.db
      .selectFrom('sessions')
      .select(['id', 'customer_id'])
      .where('id', '=', id ?? '')
      .executeTakeFirst();

  it('logs the demo customer in under a new session id that keeps the cart', async () => {
    const { client, loginNonce } = await shopperAtCheckout(t);
    const before = sessionIdOf(client);
    const answer = await logIn(client, {
      ...DEMO,
      redirect: '/checkout/',
      'woocommerce-login-nonce': loginNonce,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 'success',
      errors: {},
      message: '',
      redirect: '/checkout/',
    });
    const after = sessionIdOf(client);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const customer = await t.shop.accounts.customers.findByEmail(DEMO.username);
    expect(await sessionRow(after)).toMatchObject({ customer_id: customer!.id });
    // The old id is worth nothing now: whoever knew it has no session and no cart.
    expect(await sessionRow(before)).toBeUndefined();
    const stale = new ShopperClient(t.url);
    const staleCart = await stale.get('/wc/store/v1/cart', {
      cookie: `${SESSION_COOKIE}=${t.shop.sessionToken({ id: before!, customerId: null, expiresAt: '' })}`,
    });
    expect(staleCart.body).toMatchObject({ items_count: 0 });
    expect((await client.get('/wc/store/v1/cart')).body).toMatchObject({ items_count: 1 });
  });

  it('answers a wrong password and an unknown email alike, and changes nothing', async () => {
    const { client, loginNonce } = await shopperAtCheckout(t);
    const before = sessionIdOf(client);
    const wrong = await logIn(client, {
      username: DEMO.username,
      password: 'Tr0ub4dor&3',
      'woocommerce-login-nonce': loginNonce,
    });
    const unknown = await logIn(client, {
      username: 'nobody@example.com',
      password: 'Tr0ub4dor&3',
      'woocommerce-login-nonce': loginNonce,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({
      status: 'error',
      message: 'The email address or password you entered is incorrect.',
      errors: { password: 'The email address or password you entered is incorrect.' },
    });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(sessionIdOf(client)).toBe(before);
    expect(await sessionRow(before)).toMatchObject({ customer_id: null });
  });

  it('refuses a login without its nonce, with a forged one, and from another site', async () => {
    const { client, loginNonce } = await shopperAtCheckout(t);
    const missing = await logIn(client, DEMO);
    expect(missing.status).toBe(403);
    expect(missing.body).toMatchObject({ status: 'error', code: 'invalid_nonce' });
    const forged = await logIn(client, { ...DEMO, 'woocommerce-login-nonce': '0123456789ab' });
    expect(forged.status).toBe(403);
    const crossSite = await client.request<AuthAnswer>('POST', '/admin-ajax', {
      form: {
        action: 'login',
        data: new URLSearchParams({ ...DEMO, 'woocommerce-login-nonce': loginNonce }).toString(),
      },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(await sessionRow(sessionIdOf(client))).toMatchObject({ customer_id: null });
    // Empty fields: named beneath each field (seed 000 §5).
    const empty = await logIn(client, { 'woocommerce-login-nonce': loginNonce });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      username: 'Username is required.',
      password: 'The password field is empty.',
    });
  });

  it('logs in a visitor without a session, with the fields sent beside the action', async () => {
    const client = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    const fields = {
      action: 'login',
      ...DEMO,
      // What any page shows a visitor without a session.
      security: createNonce(t.shop.secret, LOGIN_NONCE, ''),
    };
    // Never another site: the log-in is refused rather than sent there.
    const offSite = await client.postForm<AuthAnswer>('/admin-ajax', {
      ...fields,
      redirect: 'https://elsewhere.example/',
    });
    expect(offSite.status).toBe(400);
    expect(offSite.body.redirect).toBe('');
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    const answer = await client.postForm<AuthAnswer>('/admin-ajax', fields);
    expect(answer.status).toBe(200);
    expect(answer.body.redirect).toBe('/my-account/');
    expect(await sessionRow(sessionIdOf(client))).toMatchObject({
      customer_id: expect.any(Number),
    });
  });

  it('prefills a logged-in checkout, drops the login toggle and logs out through the link', async () => {
    const { client, loginNonce, page } = await shopperAtCheckout(t);
    expect(page).toContain('Click here to login');
    expect(page).toContain('Create an account?');
    await logIn(client, { ...DEMO, 'woocommerce-login-nonce': loginNonce });
    const loggedIn = (await client.get('/checkout/')).text;
    expect(loggedIn).not.toContain('Click here to login');
    expect(loggedIn).not.toContain('Create an account?');
    expect(loggedIn).toContain('Logged in as customer@example.com.');
    expect(field(loggedIn, 'billing_first_name')).toBe('Casey');
    expect(field(loggedIn, 'billing_last_name')).toBe('Customer');
    expect(field(loggedIn, 'billing_email')).toBe('customer@example.com');

    const id = sessionIdOf(client);
    const unconfirmed = await client.get('/my-account/customer-logout/');
    expect(unconfirmed.status).toBe(200);
    expect(unconfirmed.text).toContain('Are you sure you want to log out?');
    expect(await sessionRow(id)).toBeDefined();

    const link = /href="(\/my-account\/customer-logout\/[^"]+)"/
      .exec(loggedIn)![1]!
      .replaceAll('&amp;', '&');
    const out = await client.get(link);
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/checkout/');
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await sessionRow(id)).toBeUndefined();
    expect((await client.get('/checkout/')).text).not.toContain('Logged in as');
  });

  it('logs in without JavaScript: the form posts to the checkout page', async () => {
    const { client, loginNonce } = await shopperAtCheckout(t);
    const refused = await client.postForm('/checkout/', {
      username: DEMO.username,
      password: 'wrong password',
      redirect: '/checkout/',
      'woocommerce-login-nonce': loginNonce,
    });
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('The email address or password you entered is incorrect.');
    expect(refused.text).not.toContain('wrong password');
    const before = sessionIdOf(client);
    const accepted = await client.postForm('/checkout/', {
      ...DEMO,
      redirect: '/checkout/',
      'woocommerce-login-nonce': loginNonce,
    });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe('/checkout/');
    expect(sessionIdOf(client)).not.toBe(before);
    const page = (await client.get('/checkout/')).text;
    expect(page).toContain('Logged in as customer@example.com.');
    expect(page).toContain('Classic Hoodie');
  });
});

describe.each(databaseKinds)('accounts opened at checkout on %s', (kind) => {
  let t: TestShop;
  let count = 0;

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true });
  });
  afterAll(() => t.close());

  const newEmail = () => `shopper${++count}-${kind}@example.com`;
  const orderCount = async () =>
    Number(
      (
        await t.shop.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function checkout(
    fields: Record<string, string>,
    shopper?: Awaited<ReturnType<typeof shopperAtCheckout>>,
  ) {
    const s = shopper ?? (await shopperAtCheckout(t));
    const answer = await s.client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
      ...completeBillingForm,
      payment_method: 'cod',
      'woocommerce-process-checkout-nonce': s.checkoutNonce,
      ...fields,
    });
    return { ...s, answer };
  }

  /** Shop options for one piece of work, set back to WooCommerce's defaults (allowed) after it. */
  async function withSettings(
    values: Partial<Record<'guestCheckout' | 'signupOnCheckout', boolean>>,
    work: () => Promise<void>,
  ) {
    for (const [name, value] of Object.entries(values))
      await t.shop.settings.set(name as keyof typeof values, value);
    try {
      await work();
    } finally {
      await t.shop.settings.set('guestCheckout', true);
      await t.shop.settings.set('signupOnCheckout', true);
    }
  }

  it('creates the customer with a cash-on-delivery order and logs the shopper in', async () => {
    const email = newEmail();
    const { client, answer } = await checkout({
      billing_email: email,
      createaccount: '1',
      account_password: 'a long enough password',
    });
    expect(answer.body).toMatchObject({ result: 'success' });
    const customer = await t.shop.accounts.customers.findByEmail(email);
    expect(customer).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace' });
    expect(customer!.passwordHash).not.toContain('long enough');
    const order = await t.shop.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', answer.body.order_id!)
      .executeTakeFirstOrThrow();
    expect(order.customer_id).toBe(customer!.id);
    const session = await t.shop.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sessionIdOf(client)!)
      .executeTakeFirstOrThrow();
    expect(session.customer_id).toBe(customer!.id);
    expect(order.session_id).toBe(session.id);
    // The thank-you page belongs to the new session, and the next checkout starts from this order.
    expect((await client.get(answer.body.redirect!)).text).toContain(
      'Thank you. Your order has been received.',
    );
    const hoodie = (await t.shop.catalog.productBySlug('classic-hoodie'))!.id;
    await client.postForm('/?wc-ajax=add_to_cart', { product_id: String(hoodie), quantity: '1' });
    const page = (await client.get('/checkout/')).text;
    expect(page).toContain(`Logged in as ${email}.`);
    expect(field(page, 'billing_address_1')).toBe('12 St James Square');
    expect(field(page, 'billing_phone')).toBe('+44 (20) 7946-0958');
    // And they can log in with the password they chose.
    const again = await shopperAtCheckout(t);
    const login = await logIn(again.client, {
      username: email.toUpperCase(),
      password: 'a long enough password',
      'woocommerce-login-nonce': again.loginNonce,
    });
    expect(login.status).toBe(200);
  });

  it('refuses an email that already has an account, with WooCommerce’s text and no order', async () => {
    const before = await orderCount();
    const { client, answer } = await checkout({
      billing_email: 'Customer@Example.com',
      createaccount: '1',
      account_password: 'a long enough password',
    });
    expect(answer.body).toMatchObject({
      result: 'failure',
      errors: ['An account is already registered with your email address. Please log in.'],
    });
    expect(await orderCount()).toBe(before);
    expect(answer.headers.get('set-cookie') ?? '').not.toContain(SESSION_COOKIE);
    expect((await client.get('/wc/store/v1/cart')).body).toMatchObject({ items_count: 1 });
  });

  it('asks for a password of at least 8 characters, and places no order without one', async () => {
    const before = await orderCount();
    const missing = await checkout({ billing_email: newEmail(), createaccount: '1' });
    expect(missing.answer.body.errors).toEqual(['Please enter an account password.']);
    const short = await checkout({
      billing_email: newEmail(),
      createaccount: '1',
      account_password: 'short',
    });
    expect(short.answer.body.errors).toEqual(['Please enter a password of at least 8 characters.']);
    expect(await orderCount()).toBe(before);
  });

  it('places a guest order without an account when the box is not ticked', async () => {
    const email = newEmail();
    const { answer } = await checkout({
      billing_email: email,
      account_password: 'ignored password',
    });
    expect(answer.body.result).toBe('success');
    expect(await t.shop.accounts.customers.findByEmail(email)).toBeUndefined();
    const order = await t.shop.db
      .selectFrom('orders')
      .select('customer_id')
      .where('id', '=', answer.body.order_id!)
      .executeTakeFirstOrThrow();
    expect(order.customer_id).toBeNull();
  });

  it('gives a logged-in customer’s order their account', async () => {
    const shopper = await shopperAtCheckout(t);
    await logIn(shopper.client, { ...DEMO, 'woocommerce-login-nonce': shopper.loginNonce });
    const page = (await shopper.client.get('/checkout/')).text;
    const { answer } = await checkout(
      {},
      { ...shopper, checkoutNonce: field(page, 'woocommerce-process-checkout-nonce') },
    );
    expect(answer.body.result).toBe('success');
    const customer = await t.shop.accounts.customers.findByEmail(DEMO.username);
    const order = await t.shop.db
      .selectFrom('orders')
      .select('customer_id')
      .where('id', '=', answer.body.order_id!)
      .executeTakeFirstOrThrow();
    expect(order.customer_id).toBe(customer!.id);
  });

  it('after signing up, a declined card reloads the checkout logged in with the error waiting', async () => {
    const email = newEmail();
    const pm = await createTestPaymentMethod(t.url, '4000000000000002');
    const { client, answer } = await checkout({
      billing_email: email,
      createaccount: '1',
      account_password: 'a long enough password',
      payment_method: 'stripe',
      'wc-stripe-payment-method': pm.id!,
    });
    expect(answer.body).toMatchObject({
      result: 'failure',
      reload: true,
      errors: ['The card was declined.'],
    });
    const customer = await t.shop.accounts.customers.findByEmail(email);
    expect(await t.shop.accounts.customers.customerOfSession(sessionIdOf(client)!)).toBe(
      customer!.id,
    );
    const page = (await client.get('/checkout/')).text;
    expect(page).toContain('The card was declined.');
    expect(page).toContain(`Logged in as ${email}.`);
    expect(page).toContain('Classic Hoodie');
  });

  it('signs up without JavaScript: the checkout page action sets the new session', async () => {
    const email = newEmail();
    const s = await shopperAtCheckout(t);
    const before = sessionIdOf(s.client);
    const posted = await s.client.postForm('/checkout/', {
      ...completeBillingForm,
      billing_email: email,
      payment_method: 'cod',
      createaccount: '1',
      account_password: 'a long enough password',
      terms: 'on',
      'woocommerce-process-checkout-nonce': s.checkoutNonce,
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toMatch(/^\/checkout\/order-received\/\d+\//);
    expect(sessionIdOf(s.client)).not.toBe(before);
    const customer = await t.shop.accounts.customers.findByEmail(email);
    expect(await t.shop.accounts.customers.customerOfSession(sessionIdOf(s.client)!)).toBe(
      customer!.id,
    );
  });

  it('follows the shop’s options: no signup, signup required, and log in first', async () => {
    await withSettings({ signupOnCheckout: false }, async () => {
      const email = newEmail();
      const { page, answer } = await checkout({
        billing_email: email,
        createaccount: '1',
        account_password: 'a long enough password',
      });
      expect(page).not.toContain('Create an account?');
      expect(page).toContain('Click here to login');
      expect(answer.body.result).toBe('success');
      expect(await t.shop.accounts.customers.findByEmail(email)).toBeUndefined();
    });
    await withSettings({ guestCheckout: false }, async () => {
      const { page, answer } = await checkout({ billing_email: newEmail() });
      expect(page).not.toContain('Create an account?');
      expect(page).toContain('Create account password');
      expect(answer.body.errors).toEqual(['Please enter an account password.']);
      const signedUp = await checkout({
        billing_email: newEmail(),
        account_password: 'a long enough password',
      });
      expect(signedUp.answer.body.result).toBe('success');
    });
    await withSettings({ guestCheckout: false, signupOnCheckout: false }, async () => {
      const { page, answer } = await checkout({ billing_email: newEmail() });
      expect(page).toContain('You must be logged in to checkout.');
      expect(page).not.toContain('id="place_order"');
      expect(answer.body.errors).toEqual(['You must be logged in to checkout.']);
    });
  });
});

describe.each(databaseKinds)('log-in limits on %s', (kind) => {
  let t: TestShop;

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true });
  });
  afterAll(() => t.close());

  it('refuses an email after 5 failures, even with the right password, and says when to retry', async () => {
    const { client, loginNonce } = await shopperAtCheckout(t);
    for (let i = 0; i < LOGIN_RATE_LIMIT.perEmail.max; i++) {
      const wrong = await logIn(client, {
        username: DEMO.username,
        password: `guess ${i}`,
        'woocommerce-login-nonce': loginNonce,
      });
      expect(wrong.status).toBe(401);
    }
    const right = await logIn(client, { ...DEMO, 'woocommerce-login-nonce': loginNonce });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ status: 'error', code: 'too_many_attempts' });
    // Fixed windows counted in the database: refused until the current window ends.
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_RATE_LIMIT.perEmail.windowMs / 1000);
    expect(right.body.message).toBe(
      `Too many failed login attempts. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    );
    const counters = await t.shop.db
      .selectFrom('rate_limits')
      .select(['bucket', 'hits'])
      .where('bucket', '=', `login|email|${DEMO.username}`)
      .execute();
    expect(counters).toEqual([{ bucket: `login|email|${DEMO.username}`, hits: 6 }]);
    expect(await t.shop.accounts.customers.customerOfSession(sessionIdOf(client)!)).toBeNull();
  });

  it('refuses an IP after 20 attempts, whatever the email', async () => {
    const { client, loginNonce } = await shopperAtCheckout(t);
    // Counted from nothing: what earlier tests counted may sit in another window by now.
    await t.shop.db.deleteFrom('rate_limits').execute();
    let refusedAt = 0;
    for (let i = 0; i < LOGIN_RATE_LIMIT.perIp.max + 1; i++) {
      const answer = await logIn(client, {
        username: `visitor${i}@example.com`,
        password: 'guess',
        'woocommerce-login-nonce': loginNonce,
      });
      if (answer.status === 429) {
        refusedAt = i;
        break;
      }
      expect(answer.status).toBe(401);
    }
    expect(refusedAt).toBe(LOGIN_RATE_LIMIT.perIp.max);
    const other = await logIn(client, {
      username: 'someone-new@example.com',
      password: 'guess',
      'woocommerce-login-nonce': loginNonce,
    });
    expect(other.status).toBe(429);
  });
});
