import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../db/testing/test-database.ts';
import { ShopperClient } from '../../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../../testing/test-shop.ts';

/** The policy's directives by name, each with its sources. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(
    policy!.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

function nonceOf(scriptSrc: string[]): string {
  const nonces = scriptSrc.filter((source) => /^'nonce-[A-Za-z0-9+/=]{22,}'$/.test(source));
  expect(nonces).toHaveLength(1);
  return nonces[0]!.slice("'nonce-".length, -1);
}

function expectStrict(policy: Map<string, string[]>, formAction = ["'self'"]) {
  const scripts = policy.get('script-src')!;
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts.some((source) => source === '*' || source.startsWith('http:'))).toBe(false);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(formAction);
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) => !attributes!.includes('src='),
  );
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

const pages = [
  '/',
  '/shop/',
  '/shop/?orderby=price',
  '/product/classic-hoodie/',
  '/product-category/clothing/',
  '/cart/',
  '/checkout/',
  '/no-such-page/',
];

describe.each(databaseKinds)('Content-Security-Policy on %s', (kind) => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true });
  });
  afterAll(() => t.close());

  it('every rendered page carries a strict policy with a fresh nonce that its scripts carry', async () => {
    const client = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    await client.postForm('/?wc-ajax=add_to_cart', { product_id: '1', quantity: '1' });
    const seen = new Set<string>();
    for (const url of pages) {
      for (let round = 0; round < 2; round++) {
        const response = await client.get(url);
        const policy = directives(response.headers.get('content-security-policy'));
        expectStrict(policy);
        const scriptSrc = policy.get('script-src')!;
        expect(scriptSrc.join(' ')).not.toContain('stripe.com');
        const nonce = nonceOf(scriptSrc);
        expect(seen.has(nonce), `${url}: nonce used twice`).toBe(false);
        seen.add(nonce);
        const html = response.text;
        const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
        expect(scripts.length, url).toBeGreaterThan(0);
        for (const tag of scripts) expect(tag, url).toContain(`nonce="${nonce}"`);
      }
    }
  });

  it('a page replayed from the micro-cache gets a fresh nonce and the hashes of its scripts', async () => {
    const url = `${t.url}/product/linen-shirt/`;
    const first = await fetch(url);
    expect(first.headers.get('x-page-cache')).toBe('MISS');
    const html = await first.text();
    const rendered = nonceOf(
      directives(first.headers.get('content-security-policy')).get('script-src')!,
    );
    const nonces = new Set([rendered]);
    for (const encoding of ['identity', 'gzip', 'br']) {
      const again = await fetch(url, { headers: { 'accept-encoding': encoding } });
      expect(again.headers.get('x-page-cache')).toBe('HIT');
      expect(await again.text()).toBe(html);
      const policy = directives(again.headers.get('content-security-policy'));
      expectStrict(policy);
      const scriptSrc = policy.get('script-src')!;
      nonces.add(nonceOf(scriptSrc));
      const scripts = inlineScripts(html);
      expect(scripts.length).toBeGreaterThan(1);
      for (const [, , text] of scripts) expect(scriptSrc).toContain(`'sha256-${sha256(text!)}'`);
    }
    expect(nonces.size).toBe(4);
  });

  it('the test processor’s own pages carry the policy too, with a fresh nonce each', async () => {
    const first = await fetch(`${t.url}/test-processor/challenge/pi_none`);
    const second = await fetch(`${t.url}/test-processor/challenge/pi_none`);
    expect(first.headers.get('content-type')).toContain('text/html');
    const [a, b] = [first, second].map((r) => directives(r.headers.get('content-security-policy')));
    // A decision there redirects to the intent's return URL, which may be on any site (a form
    // embedded elsewhere), as Stripe's own pages allow.
    expectStrict(a!, ["'self'", 'http:', 'https:']);
    expect(nonceOf(a!.get('script-src')!)).not.toBe(nonceOf(b!.get('script-src')!));
  });
});

describe('Content-Security-Policy with Stripe keys', () => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop('sqlite', { pages: true, stripe: true });
  });
  afterAll(() => t.close());

  it('allows Stripe.js, its frames and its API, and nothing else from outside', async () => {
    const policy = directives(
      (await fetch(`${t.url}/checkout/`)).headers.get('content-security-policy'),
    );
    expectStrict(policy);
    expect(policy.get('script-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com']),
    );
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
  });
});
