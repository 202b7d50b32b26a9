import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';

describe.each(databaseKinds)('the demo shop on %s', (kind) => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true });
  });
  afterAll(() => t.close());

  it('shows its visitors the store notice with the demo text and the coming-soon banner', async () => {
    const answer = await fetch(`${t.url}/`);
    expect(answer.status).toBe(200);
    const page = await answer.text();
    expect(page).toMatch(
      /class="woocommerce-store-notice demo_store"[^>]*>.*This is a demo store for testing purposes — no orders shall be fulfilled\./s,
    );
    expect(page).toContain('class="coming-soon-banner"');
    // The store notice comes first on the page, before the header.
    expect(page.indexOf('woocommerce-store-notice')).toBeLessThan(page.indexOf('site-header'));
  });
});
