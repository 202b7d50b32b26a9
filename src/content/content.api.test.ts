import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeBillingForm } from '../checkout/billing.fixture.ts';
import { CHECKOUT_NONCE } from '../checkout/nonces.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { createNonce } from '../platform/nonce/nonce.ts';
import { SESSION_COOKIE, type Session } from '../platform/session/session.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { orderAttribution } from './attribution.repo.ts';
import { BANNER_DISMISS_PATH } from './content.ts';
import { REST_NONCE } from './nonces.ts';
import { pageNotices } from './operations.ts';

const DISMISSAL = { woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } };

function sessionIdOf(client: ShopperClient): string {
  const token = decodeURIComponent(client.cookie(SESSION_COOKIE) ?? '');
  return token.slice(0, token.lastIndexOf('.'));
}

describe.each(databaseKinds)('the coming-soon banner and the content on %s', (kind) => {
  let t: TestShop;
  let customers: { id: number; session: Session }[];

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true, env: { SETTINGS_CACHE_TTL_MS: '0' } });
    await t.shop.db
      .updateTable('settings')
      .set({ value: 'yes' })
      .where('name', '=', 'woocommerce_coming_soon')
      .execute();
    customers = [];
    for (const email of ['grace@example.com', 'alan@example.com']) {
      const opened = await t.shop.accounts.register({
        email,
        password: 'correct horse battery staple',
        firstName: 'Test',
        lastName: 'Customer',
        accountUrl: `${t.url}/my-account/`,
      });
      if ('error' in opened) throw new Error(opened.error);
      const session = await t.shop.accounts.startSession(undefined, opened.customer.id);
      customers.push({ id: opened.customer.id, session });
    }
  });
  afterAll(() => t.close());

  /** A request as the customer's browser sends it (their session cookie, from the shop's page). */
  function asCustomer(index: number, path: string, init: RequestInit = {}) {
    const { session } = customers[index]!;
    return fetch(t.url + path, {
      ...init,
      headers: {
        cookie: `${SESSION_COOKIE}=${encodeURIComponent(t.shop.sessionToken(session))}`,
        'sec-fetch-site': 'same-origin',
        ...init.headers,
      },
    });
  }
  const dismissAs = (index: number, nonce: string | undefined, body: unknown = DISMISSAL) =>
    asCustomer(index, BANNER_DISMISS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(nonce && { 'x-wp-nonce': nonce }) },
      body: JSON.stringify(body),
    });
  const restNonce = (index: number) =>
    createNonce(t.shop.secret, REST_NONCE, customers[index]!.session.id);
  const metaRows = () => t.shop.db.selectFrom('customer_meta').selectAll().execute();

  it('shows the banner with its REST URL and a nonce for the visitor', async () => {
    const page = await (await asCustomer(0, '/')).text();
    expect(page).toContain('class="coming-soon-banner"');
    expect(page).toContain(`data-rest-url="${BANNER_DISMISS_PATH}"`);
    expect(page).toContain(`data-nonce="${restNonce(0)}"`);
  });

  it('refuses a dismissal without its nonce (401), with a wrong one or another visitor’s (403)', async () => {
    expect((await dismissAs(0, undefined)).status).toBe(401);
    expect((await dismissAs(0, '0123456789ab')).status).toBe(403);
    expect((await dismissAs(0, restNonce(1))).status).toBe(403);
    expect((await dismissAs(0, createNonce(t.shop.secret, REST_NONCE, ''))).status).toBe(403);
    expect(await metaRows()).toEqual([]);
  });

  it('refuses any other body (400) and a request from another site (403)', async () => {
    for (const body of [
      {},
      { woocommerce_meta: { coming_soon_banner_dismissed: 'no' } },
      { woocommerce_meta: { coming_soon_banner_dismissed: true } },
      { woocommerce_meta: { coming_soon_banner_dismissed: 'yes', first_name: 'Eve' } },
      { ...DISMISSAL, email: 'eve@example.com' },
    ]) {
      expect((await dismissAs(0, restNonce(0), body)).status).toBe(400);
    }
    const crossSite = await asCustomer(0, BANNER_DISMISS_PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-wp-nonce': restNonce(0),
        'sec-fetch-site': 'cross-site',
      },
      body: JSON.stringify(DISMISSAL),
    });
    expect(crossSite.status).toBe(403);
    expect(await metaRows()).toEqual([]);
  });

  it('remembers a customer’s dismissal with that customer only', async () => {
    const answer = await dismissAs(0, restNonce(0));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: customers[0]!.id, ...DISMISSAL });
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await metaRows()).toEqual([
      {
        customer_id: customers[0]!.id,
        meta_key: 'coming_soon_banner_dismissed',
        meta_value: 'yes',
      },
    ]);
    // Again is the same: one row.
    expect((await dismissAs(0, restNonce(0))).status).toBe(200);
    expect(await metaRows()).toHaveLength(1);

    expect(await (await asCustomer(0, '/')).text()).not.toContain('coming-soon-banner');
    expect(await (await asCustomer(1, '/')).text()).toContain('coming-soon-banner');
    expect(await pageNotices(t.shop.content, customers[0]!.id)).toMatchObject({
      comingSoonBanner: false,
    });
    expect(await pageNotices(t.shop.content, customers[1]!.id)).toMatchObject({
      comingSoonBanner: true,
    });
  });

  it('lets a visitor without an account dismiss it for this browser session: a cookie, nothing stored', async () => {
    const before = await metaRows();
    const guest = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    const page = await guest.get('/');
    const nonce = /data-nonce="(\w+)"/.exec(page.text)?.[1];
    expect(nonce).toBe(createNonce(t.shop.secret, REST_NONCE, ''));
    const answer = await guest.request('POST', BANNER_DISMISS_PATH, {
      json: DISMISSAL,
      headers: { 'x-wp-nonce': nonce! },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: 0, ...DISMISSAL });
    const cookie = answer.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/^coming_soon_banner_dismissed=yes; Path=\/; SameSite=Lax$/);
    expect(await metaRows()).toEqual(before);
  });

  it('keeps the home page and the FAQ micro-cacheable for visitors without a session', async () => {
    for (const path of ['/?cache-check', '/faq/?cache-check']) {
      const first = await fetch(t.url + path);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toContain('public');
      expect(first.headers.getSetCookie()).toEqual([]);
      const second = await fetch(t.url + path);
      expect(second.headers.get('x-page-cache')).toBe('HIT');
      expect(await second.text()).toContain(await first.text().then((html) => html.slice(0, 200)));
    }
  });

  it('keeps the FAQ and the home slides in the database, in order', async () => {
    const faq = await t.shop.content.content.faq();
    expect(faq.map((group) => group.slug)).toEqual([
      'orders',
      'shipping',
      'returns',
      'payments',
      'policies',
    ]);
    expect(faq[0]!.entries[0]!.question).toBe('How do I place an order?');
    const blocks = await t.shop.content.content.blocks(['team', 'news']);
    expect(blocks.get('team')!.map((b) => b.title)[0]).toBe('Maya Okafor');
    expect(blocks.get('news')).toHaveLength(4);
  });

  it('shows the newest real reviews first, with their product', async () => {
    const reviews = await t.shop.content.content.latestReviews(8);
    expect(reviews.length).toBeGreaterThanOrEqual(2);
    expect(reviews.every((r) => r.productSlug === 'classic-hoodie')).toBe(true);
    const times = reviews.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('leaves a review held for moderation off the home page', async () => {
    const hoodie = (await t.shop.catalog.productBySlug('classic-hoodie'))!.id;
    await t.shop.catalogOperations.reviews.add({
      productId: hoodie,
      author: 'Spammer',
      email: 'held@example.com',
      customerId: null,
      rating: 5,
      content: 'Cheap hoodies at https://example.com',
      verified: false,
      status: 'hold',
      authorIp: '203.0.113.7',
      createdAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const reviews = await t.shop.content.content.latestReviews(8);
    expect(reviews.length).toBeGreaterThanOrEqual(2);
    expect(reviews.map((r) => r.author)).not.toContain('Spammer');
  });
});

describe.each(databaseKinds)('order attribution saved with an order on %s', (kind) => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop(kind);
  });
  afterAll(() => t.close());

  async function checkout(extra: Record<string, string>) {
    const client = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    const hoodie = (await t.shop.catalog.productBySlug('classic-hoodie'))!.id;
    await client.postForm('/?wc-ajax=add_to_cart', { product_id: String(hoodie) });
    const answer = await client.postForm<{ result: string; order_id: number }>(
      '/?wc-ajax=checkout',
      {
        ...completeBillingForm,
        payment_method: 'cod',
        'woocommerce-process-checkout-nonce': createNonce(
          t.shop.secret,
          CHECKOUT_NONCE,
          sessionIdOf(client),
        ),
        ...extra,
      },
    );
    expect(answer.body.result).toBe('success');
    return answer.body.order_id;
  }

  it('keeps the posted wc_order_attribution_* fields with the order', async () => {
    const orderId = await checkout({
      wc_order_attribution_source_type: 'utm',
      wc_order_attribution_utm_source: 'news',
      wc_order_attribution_utm_medium: '(none)',
      wc_order_attribution_referrer: '(none)',
      wc_order_attribution_session_entry: 'http://127.0.0.1/?utm_source=news',
      wc_order_attribution_session_start_time: '2026-11-25 10:00:00',
      wc_order_attribution_session_pages: '4',
      wc_order_attribution_session_count: '1',
      wc_order_attribution_user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
    });
    expect(await orderAttribution(t.shop.db, orderId)).toEqual({
      sourceType: 'utm',
      referrer: '',
      utmCampaign: '',
      utmSource: 'news',
      utmMedium: '',
      utmContent: '',
      utmTerm: '',
      sessionEntry: 'http://127.0.0.1/?utm_source=news',
      sessionStartTime: '2026-11-25 10:00:00',
      sessionPages: 4,
      sessionCount: 1,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
      deviceType: 'Desktop',
    });
  });

  it('keeps nothing for an order placed without tracking (empty inputs)', async () => {
    const orderId = await checkout({
      wc_order_attribution_source_type: '',
      wc_order_attribution_utm_source: '',
    });
    expect(await orderAttribution(t.shop.db, orderId)).toBeUndefined();
  });
});
