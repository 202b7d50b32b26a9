import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { openDatabase, type Db } from '../src/platform/db/database.ts';

/** The shop's database, as the server under test uses it: for checking what a journey left behind. */
export async function withShopDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const handle = await openDatabase(process.env.E2E_DATABASE_URL!);
  try {
    return await work(handle.db);
  } finally {
    await handle.destroy();
  }
}

/** No WCAG 2.2 A/AA violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    // axe runs in the page itself instead of finishing in a new page (our pages have no
    // cross-origin frames), and only violations are described: about 3x less work per run.
    // options() before withTags, which writes into the same options.
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/**
 * Nothing sticks out sideways at this width, once the layout has settled (an element in the
 * middle of a transition may stick out for a frame: seen once as 1 px with nothing to name).
 */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const measure = () =>
    page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      // What sticks out, to name in the failure.
      culprits: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .slice(-5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    }));
  let last = await measure();
  for (let tries = 0; last.overflow > 0 && tries < 10; tries++) {
    await page.waitForTimeout(100);
    last = await measure();
  }
  expect(
    last.overflow,
    `${page.url()} sticks out: ${last.culprits.join(', ')}`,
  ).toBeLessThanOrEqual(0);
}

export const billing = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Street address': '12 St James Square',
  'Town / City': 'London',
  'Postcode / ZIP': 'SW1Y 4JH',
  Phone: '+44 20 7946 0958',
  'Email address': 'ada@example.com',
};

export async function fillBilling(page: Page, email = billing['Email address']): Promise<void> {
  await page.getByLabel('Country / Region').first().selectOption('GB');
  for (const [label, value] of Object.entries({ ...billing, 'Email address': email })) {
    await page.getByLabel(label, { exact: false }).first().fill(value);
  }
  await page.locator('#terms').check();
}

/** Fills the local card element (test mode): number, a future expiry and a CVC. */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
}

/**
 * Opens a page with its scripts held back, so the test uses what the server sent as a shopper on a
 * slow link would. The function returned lets the scripts through and waits for hydration.
 */
export async function gotoBeforeScripts(page: Page, url: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(url);
  return async () => {
    release();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  };
}

/** Opens a page and waits until React has hydrated it (the root marks <html data-hydrated>). */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}
