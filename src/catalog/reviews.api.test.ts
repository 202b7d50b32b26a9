import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_RATE_LIMIT } from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { messages } from '../platform/messages/index.ts';
import { createNonce } from '../platform/nonce/nonce.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { REVIEW_NONCE } from './nonces.ts';
import { productPageSettingNames } from './product-page-settings.ts';

/**
 * Issue 14: posting a review through the product page's form, as a browser does (with and
 * without JavaScript it is the same post), against the real server on each database.
 */
const DEMO = { username: 'customer@example.com', password: 'correct horse battery staple' };
let nextIp = 1;

function field(html: string, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  if (value === undefined) throw new Error(`no ${name} on the page`);
  return value;
}

/** A browser of its own, from its own address (behind the trusted proxy). */
function shopper(t: TestShop): ShopperClient {
  return new ShopperClient(t.url, {
    'sec-fetch-site': 'same-origin',
    'x-forwarded-for': `203.0.113.${nextIp++}`,
  });
}

describe.each(databaseKinds)('reviews on %s', (kind) => {
  let t: TestShop;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true, env: { TRUST_PROXY: '1' } });
    for (const slug of [
      'classic-hoodie',
      'canvas-tote',
      'desk-lamp',
      'coffee-club',
      'sticker-pack',
    ])
      ids[slug] = (await t.shop.catalog.productBySlug(slug))!.id;
  });
  afterAll(() => t.close());

  const reviewRows = (productId: number) =>
    t.shop.db
      .selectFrom('reviews')
      .select(['author', 'email', 'rating', 'content', 'status', 'verified', 'customer_id'])
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute();

  const productRow = (productId: number) =>
    t.shop.db
      .selectFrom('products')
      .select(['rating_sum', 'rating_count', 'review_count'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();

  const setting = (name: string, value: string | undefined) =>
    t.shop.settings.setOption(name, value);

  /** Opens the product page and posts its review form with these fields (nonce from the page). */
  async function post(
    client: ShopperClient,
    slug: string,
    fields: Record<string, string>,
    nonce?: string,
  ) {
    const page = await client.get(`/product/${slug}/`);
    expect(page.status).toBe(200);
    return client.postForm(`/product/${slug}/`, {
      comment_post_ID: field(page.text, 'comment_post_ID'),
      _wpnonce: nonce ?? field(page.text, '_wpnonce'),
      ...fields,
    });
  }

  it('stores a guest’s rated review and sends them to it, newest first on the page', async () => {
    const client = shopper(t);
    const before = await productRow(ids['canvas-tote']!);
    const answer = await post(client, 'canvas-tote', {
      rating: '4',
      comment: 'Holds a week of groceries.',
      author: 'Ada',
      email: 'Ada@Example.com',
    });
    expect(answer.status).toBe(303);
    const [row] = await reviewRows(ids['canvas-tote']!);
    expect(row).toMatchObject({
      author: 'Ada',
      email: 'ada@example.com',
      rating: 4,
      content: 'Holds a week of groceries.',
      status: 'approved',
      verified: 0,
      customer_id: null,
    });
    expect(answer.headers.get('location')).toMatch(/^\/product\/canvas-tote\/#comment-\d+$/);
    expect(await productRow(ids['canvas-tote']!)).toEqual({
      rating_sum: before.rating_sum + 4,
      rating_count: before.rating_count + 1,
      review_count: before.review_count + 1,
    });
    const page = await client.get('/product/canvas-tote/');
    expect(page.text).toContain('Holds a week of groceries.');
    expect(page.text).toContain('1 review for Canvas Tote');
  });

  it('refuses a post without the page’s nonce, or with another one, and stores nothing', async () => {
    const client = shopper(t);
    const page = await client.get('/product/desk-lamp/');
    const fields = {
      comment_post_ID: String(ids['desk-lamp']),
      rating: '5',
      comment: 'Bright.',
      author: 'Eve',
      email: 'eve@example.com',
    };
    const missing = await client.postForm('/product/desk-lamp/', fields);
    const forged = await client.postForm('/product/desk-lamp/', {
      ...fields,
      _wpnonce: '0123456789ab',
    });
    const otherAction = await client.postForm('/product/desk-lamp/', {
      ...fields,
      _wpnonce: createNonce(t.shop.secret, 'woocommerce-cart', ''),
    });
    for (const answer of [missing, forged, otherAction]) {
      expect(answer.status).toBe(403);
      expect(answer.text).toContain(messages.reviewExpired);
    }
    expect(page.text).toContain(
      `name="_wpnonce" value="${createNonce(t.shop.secret, REVIEW_NONCE, '')}"`,
    );
    expect(await reviewRows(ids['desk-lamp']!)).toEqual([]);
  });

  it('refuses a review without a rating while the shop requires one, and keeps what was typed', async () => {
    const client = shopper(t);
    const answer = await post(client, 'desk-lamp', {
      rating: '',
      comment: 'No stars from me',
      author: 'Ann',
      email: 'ann@example.com',
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(messages.ratingRequired);
    expect(answer.text).toContain('No stars from me</textarea>');
    expect(await reviewRows(ids['desk-lamp']!)).toEqual([]);
    const outOfRange = await post(client, 'desk-lamp', {
      rating: '6',
      comment: 'Six stars',
      author: 'Ann',
      email: 'ann@example.com',
    });
    expect(outOfRange.status).toBe(400);

    await setting(productPageSettingNames.reviewRatingRequired, 'no');
    try {
      const unrated = await post(client, 'desk-lamp', {
        comment: 'No stars, but fine.',
        author: 'Ann',
        email: 'ann@example.com',
      });
      expect(unrated.status).toBe(303);
      expect(await reviewRows(ids['desk-lamp']!)).toMatchObject([
        { rating: 0, status: 'approved' },
      ]);
      // Counted as a review, not as a rating.
      expect(await productRow(ids['desk-lamp']!)).toEqual({
        rating_sum: 0,
        rating_count: 0,
        review_count: 1,
      });
    } finally {
      await setting(productPageSettingNames.reviewRatingRequired, undefined);
    }
  });

  it('refuses a guest without a name or a valid address', async () => {
    const client = shopper(t);
    const base = { rating: '3', comment: 'Fine.' };
    const noName = await post(client, 'coffee-club', {
      ...base,
      author: ' ',
      email: 'x@example.com',
    });
    const badEmail = await post(client, 'coffee-club', {
      ...base,
      author: 'X',
      email: 'not-an-email',
    });
    const noText = await post(client, 'coffee-club', {
      rating: '3',
      comment: '  ',
      author: 'X',
      email: 'x@example.com',
    });
    expect([noName.status, badEmail.status, noText.status]).toEqual([400, 400, 400]);
    expect(noName.text).toContain(messages.reviewAuthorRequired);
    expect(badEmail.text).toContain(messages.reviewEmailInvalid);
    expect(noText.text).toContain(messages.reviewTextRequired);
    expect(await reviewRows(ids['coffee-club']!)).toEqual([]);
  });

  it('takes one review per address and product, whatever its case', async () => {
    const client = shopper(t);
    const first = await post(client, 'coffee-club', {
      rating: '5',
      comment: 'Great beans.',
      author: 'Bo',
      email: 'bo@example.com',
    });
    expect(first.status).toBe(303);
    const again = await post(shopper(t), 'coffee-club', {
      rating: '1',
      comment: 'Changed my mind.',
      author: 'Bo again',
      email: ' BO@example.com ',
    });
    expect(again.status).toBe(409);
    expect(again.text).toContain(messages.reviewDuplicate);
    expect((await reviewRows(ids['coffee-club']!)).map((r) => r.content)).toEqual(['Great beans.']);
  });

  it('takes one review per customer and marks a buyer as its verified owner', async () => {
    const client = shopper(t);
    // The demo customer logs in (the checkout's log-in form and its nonce).
    await client.postForm('/?wc-ajax=add_to_cart', { product_id: String(ids['classic-hoodie']) });
    const checkout = await client.get('/checkout/');
    const login = await client.postForm('/admin-ajax', {
      action: 'login',
      data: new URLSearchParams({
        ...DEMO,
        'woocommerce-login-nonce': field(checkout.text, 'woocommerce-login-nonce'),
      }).toString(),
    });
    expect(login.body).toMatchObject({ status: 'success' });
    const customer = (await t.shop.accounts.customers.findByEmail(DEMO.username))!;
    await paidOrder(t, customer.id, ids['sticker-pack']!);

    const page = await client.get('/product/sticker-pack/');
    expect(page.text).not.toContain('name="author"');
    expect(page.text).toContain(`Logged in as ${DEMO.username}`);
    const posted = await post(client, 'sticker-pack', {
      rating: '5',
      comment: 'Stuck on my laptop.',
    });
    expect(posted.status).toBe(303);
    expect(await reviewRows(ids['sticker-pack']!)).toMatchObject([
      {
        author: 'Casey Customer',
        email: DEMO.username,
        customer_id: customer.id,
        verified: 1,
        status: 'approved',
      },
    ]);
    expect((await client.get('/product/sticker-pack/')).text).toMatch(/verified owner/);

    // The same customer, whatever name and address the form carries, is refused.
    const again = await post(client, 'sticker-pack', {
      rating: '1',
      comment: 'Second thoughts',
      author: 'Someone',
      email: 'someone@example.com',
    });
    expect(again.status).toBe(409);
    expect(await reviewRows(ids['sticker-pack']!)).toHaveLength(1);
  });

  it('holds a review with a link for approval, shown only to its author through its link', async () => {
    const client = shopper(t);
    const before = await productRow(ids['classic-hoodie']!);
    const answer = await post(client, 'classic-hoodie', {
      rating: '5',
      comment: 'Cheap hoodies at www.example.net/deals',
      author: 'Spammy',
      email: 'spam@example.com',
    });
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    expect(location).toMatch(
      /^\/product\/classic-hoodie\/\?unapproved=\d+&moderation-hash=\w+#comment-\d+$/,
    );
    expect(await reviewRows(ids['classic-hoodie']!)).toContainEqual(
      expect.objectContaining({ author: 'Spammy', status: 'hold' }),
    );
    expect(await productRow(ids['classic-hoodie']!)).toEqual(before);

    const everyone = await shopper(t).get('/product/classic-hoodie/');
    expect(everyone.text).not.toContain('Cheap hoodies');
    const author = await client.get(location.replace(/#.*$/, ''));
    expect(author.text).toContain('Cheap hoodies at www.example.net/deals');
    expect(author.text).toContain(messages.reviewAwaitingApproval);
    const guessed = await client.get(
      location.replace(/moderation-hash=\w+/, 'moderation-hash=0000').replace(/#.*$/, ''),
    );
    expect(guessed.text).not.toContain('Cheap hoodies');
  });

  it('keeps a review’s text as written and shows it as text', async () => {
    const client = shopper(t);
    const text = `<script>alert("x")</script><img src=x onerror="alert(1)"> & "quotes"`;
    const answer = await post(client, 'desk-lamp', {
      rating: '2',
      comment: text,
      author: '<b>Mallory</b>',
      email: 'mallory@example.com',
    });
    expect(answer.status).toBe(303);
    expect(await reviewRows(ids['desk-lamp']!)).toContainEqual(
      expect.objectContaining({ content: text, author: '<b>Mallory</b>' }),
    );
    const page = await client.get('/product/desk-lamp/');
    expect(page.text).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;quotes&quot;',
    );
    expect(page.text).toContain('&lt;b&gt;Mallory&lt;/b&gt;');
    expect(page.text).not.toContain('<script>alert("x")');
    expect(page.text).not.toContain('<img src=x');
  });

  it('limits review posts per IP address', async () => {
    const client = shopper(t);
    const statuses: number[] = [];
    for (let i = 0; i <= REVIEW_RATE_LIMIT.perIp.max; i++) {
      const answer = await post(client, 'linen-shirt', {
        rating: '4',
        comment: `Review ${i}`,
        author: `Writer ${i}`,
        email: `writer${i}@example.com`,
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.text).toContain(messages.reviewTooFast);
    }
    expect(statuses).toEqual([...Array(REVIEW_RATE_LIMIT.perIp.max).fill(303), 429]);
    // Another address is not held back.
    const other = await post(shopper(t), 'linen-shirt', {
      rating: '4',
      comment: 'From elsewhere',
      author: 'Elsewhere',
      email: 'elsewhere@example.com',
    });
    expect(other.status).toBe(303);
  });

  it('pages the reviews newest first, as many a page as the shop says', async () => {
    await setting(productPageSettingNames.reviewsPerPage, '2');
    try {
      // A shopper with a session: their pages are rendered for them, never the micro-cache's.
      const client = shopper(t);
      await client.postForm('/?wc-ajax=add_to_cart', { product_id: String(ids['canvas-tote']) });
      const first = await client.get('/product/linen-shirt/');
      const second = await client.get('/product/linen-shirt/?cpage=2');
      const last = await client.get('/product/linen-shirt/?cpage=99');
      const reviewsOn = (html: string) =>
        [...html.matchAll(/<p>(Review \d|From elsewhere)<\/p>/g)].map((m) => m[1]);
      expect(reviewsOn(first.text)).toEqual(['From elsewhere', 'Review 4']);
      expect(reviewsOn(second.text)).toEqual(['Review 3', 'Review 2']);
      expect(reviewsOn(last.text)).toEqual(['Review 1', 'Review 0']);
      expect(second.text).toContain('aria-current="page"');
    } finally {
      await setting(productPageSettingNames.reviewsPerPage, undefined);
    }
  });

  it('sorts the listing by average rating, with the average and count on its cards', async () => {
    const page = await shopper(t).get('/shop/?orderby=rating');
    const names = [...page.text.matchAll(/<h2 class="product-card-title">([^<]+)<\/h2>/g)].map(
      (m) => m[1],
    );
    // After the reviews above: Coffee Club and Sticker Pack 5 (one rating each, then by name),
    // the hoodie 4.5, Linen Shirt 4 from 6 ratings before Canvas Tote's 4 from one, Desk Lamp 2.
    expect(names).toEqual([
      'Coffee Club',
      'Sticker Pack',
      'Classic Hoodie',
      'Linen Shirt',
      'Canvas Tote',
      'Desk Lamp',
    ]);
    expect(page.text).toContain('aria-label="Rated 4.50 out of 5"');
    expect(page.text).toContain('(2 customer reviews)');
  });
});

/** A paid order of the customer's holding the product (what makes them its verified owner). */
async function paidOrder(t: TestShop, customerId: number, productId: number) {
  const order = await t.shop.db
    .insertInto('orders')
    .values({
      order_key: `wc_order_test${customerId}${productId}`,
      status: 'completed',
      customer_id: customerId,
      session_id: null,
      currency: 'USD',
      billing_json: '{}',
      shipping_json: '{}',
      payment_method: 'cod',
      payment_method_title: 'Cash on delivery',
      transaction_id: null,
      subtotal: 0,
      discount_total: 0,
      shipping_total: 0,
      tax_total: 0,
      total: 0,
      coupons_json: '[]',
      customer_note: '',
      created_at: new Date().toISOString(),
      paid_at: new Date().toISOString(),
      payment_intent_id: null,
      payment_details_json: null,
      payment_locked_until: null,
      stock_held_at: null,
      payment_lock_holder: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.shop.db
    .insertInto('order_items')
    .values({
      order_id: order.id,
      product_id: productId,
      name: 'x',
      sku: '',
      quantity: 1,
      unit_price: 0,
      subtotal: 0,
      total: 0,
    })
    .execute();
}
