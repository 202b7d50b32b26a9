import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../testing/test-shop.ts';
import { databaseKinds } from '../db/testing/test-database.ts';
import { CONSENT_FORM_PATH } from './consent.ts';

/** The banner's section as the page was rendered (its opening tag). */
function bannerTag(html: string): string {
  return /<section[^>]*id="cookie-consent"[^>]*>/.exec(html)?.[0] ?? '';
}

describe.each(databaseKinds)(
  'cookie consent without JavaScript, and the page cache, on %s',
  (kind) => {
    let t: TestShop;
    beforeAll(async () => {
      t = await startTestShop(kind, { pages: true });
    });
    afterAll(() => t.close());

    const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${t.url}${CONSENT_FORM_PATH}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          ...headers,
        },
        body: new URLSearchParams(form).toString(),
      });

    it('stores reject all, accept all or the ticked categories, and goes back to the page', async () => {
      const rejected = await post({ consent: 'none', redirect_to: '/shop/?orderby=price' });
      expect(rejected.status).toBe(303);
      expect(rejected.headers.get('location')).toBe('/shop/?orderby=price');
      expect(rejected.headers.get('set-cookie')).toMatch(
        /^shop_consent=-; Path=\/; Max-Age=\d+; SameSite=Lax$/,
      );
      const accepted = await post({ consent: 'all', redirect_to: '/' });
      expect(accepted.headers.get('set-cookie')).toMatch(
        /^shop_consent=preferences%2Cstatistics%2Cmarketing;/,
      );
      const chosen = await post({ consent: 'choose', statistics: 'on', redirect_to: '/cart/' });
      expect(chosen.headers.get('set-cookie')).toMatch(/^shop_consent=statistics;/);
      expect(chosen.headers.get('location')).toBe('/cart/');
    });

    it('goes back only to a page of this shop, and refuses another site’s form and a bad answer', async () => {
      for (const elsewhere of [
        'https://elsewhere.example/',
        '//elsewhere.example/',
        '/\\elsewhere.example',
      ]) {
        const answer = await post({ consent: 'none', redirect_to: elsewhere });
        expect(answer.headers.get('location'), elsewhere).toBe('/');
      }
      const crossSite = await post({ consent: 'all' }, { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.status).toBe(403);
      expect(crossSite.headers.get('set-cookie')).toBeNull();
      const foreignOrigin = await post(
        { consent: 'all' },
        { 'sec-fetch-site': '', origin: 'https://elsewhere.example' },
      );
      expect(foreignOrigin.status).toBe(403);
      expect((await post({ consent: 'everything' })).status).toBe(400);
      expect((await post({ consent: 'choose', marketing: 'yes' })).status).toBe(400);
    });

    it('renders the banner open until a choice is stored, each kept apart in the page cache, never holding the choice', async () => {
      const page = async (cookie?: string) => {
        const response = await fetch(`${t.url}/product/classic-hoodie/`, {
          headers: cookie ? { cookie } : {},
        });
        return { html: await response.text(), cache: response.headers.get('x-page-cache') };
      };
      const fresh = await page();
      expect(bannerTag(fresh.html)).not.toContain('hidden');
      const chosen = await page('shop_consent=marketing');
      expect(bannerTag(chosen.html)).toContain('hidden');
      // Both from the cache now, each its own.
      const [freshAgain, chosenAgain, otherChoice] = await Promise.all([
        page(),
        page('shop_consent=marketing'),
        page('a=1; shop_consent=-'),
      ]);
      expect(freshAgain.cache).toBe('HIT');
      expect(bannerTag(freshAgain.html)).not.toContain('hidden');
      expect(chosenAgain.cache).toBe('HIT');
      expect(bannerTag(otherChoice.html)).toContain('hidden');
      // No page carries a choice: every optional category is unticked in the markup.
      for (const html of [fresh.html, chosen.html, otherChoice.html]) {
        expect(html).not.toMatch(/name="(preferences|statistics|marketing)"[^>]*checked/);
      }
      // A value that is not a choice counts as none.
      expect(bannerTag((await page('shop_consent=tracking')).html)).not.toContain('hidden');
    });
  },
);
