import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, gotoHydrated } from './support.ts';

/** Slides lying wholly inside their slider's window, as a shopper sees them. */
function slidesInView(slider: Locator): Promise<number> {
  return slider.evaluate((root) => {
    const frame = root.querySelector('.slider-viewport')!.getBoundingClientRect();
    return [...root.querySelectorAll('.slider-slide')].filter((slide) => {
      const box = slide.getBoundingClientRect();
      return box.width > 0 && box.left >= frame.left - 1 && box.right <= frame.right + 1;
    }).length;
  });
}

async function openHome(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await gotoHydrated(page, '/');
  await page.locator('.sellers-slider.is-ready').waitFor();
}

test.describe('the home page', () => {
  // Seed 000 §9, read as "at most this wide": 4 slides, 3 to 1200 px, 2 to 1023 px, 1 to 700 px.
  test('the best sellers and reviews sliders show 4, 3, 2 and 1 slides at 1300, 1100, 800 and 600 px', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openHome(page, 1300);
    const sellers = page.getByRole('region', { name: 'Best sellers' });
    const reviews = page.getByRole('region', { name: 'What shoppers say' });
    await expect(sellers).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(sellers.locator('[aria-roledescription="slide"]').first()).toHaveAttribute(
      'aria-label',
      /^1 of \d+$/,
    );
    const reviewCount = await reviews.locator('.slider-slide').count();
    for (const [width, shown] of [
      [1300, 4],
      [1100, 3],
      [800, 2],
      [600, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => slidesInView(sellers), { message: `at ${width} px` }).toBe(shown);
      await expect
        .poll(() => slidesInView(reviews), { message: `reviews at ${width} px` })
        .toBe(Math.min(shown, reviewCount));
    }

    await page.setViewportSize({ width: 1300, height: 900 });
    const previous = sellers.getByRole('button', { name: 'Previous' });
    await expect(previous).toBeDisabled();
    const first = sellers.locator('.slider-slide').first();
    await sellers.getByRole('button', { name: 'Next' }).click();
    await expect(previous).toBeEnabled();
    const left = await sellers
      .locator('.slider-viewport')
      .evaluate((viewport) => viewport.getBoundingClientRect().left);
    await expect
      .poll(() => first.evaluate((slide) => slide.getBoundingClientRect().right))
      .toBeLessThanOrEqual(left + 1);
  });

  test('why, spread, team and news are a grid at 1024 px and sliders at 600 px', async ({
    page,
  }) => {
    await openHome(page, 1024);
    const mobileSliders = page.locator('.slider-mobile');
    await expect(mobileSliders).toHaveCount(4);
    for (const slider of await mobileSliders.all()) {
      await expect(slider).toHaveAttribute('data-slider-active', 'false');
      await expect(slider).not.toHaveAttribute('aria-roledescription');
      await expect(slider.getByRole('button', { name: 'Next' })).toBeHidden();
      // Every item is on the page at once; none was moved.
      const slides = slider.locator('.slider-slide');
      expect(await slidesInView(slider)).toBe(await slides.count());
      await expect(slider.locator('.slider-container')).toHaveCSS('transform', 'none');
    }
    await expect(page.getByRole('region', { name: 'Why shop with us' })).toHaveCount(0);

    await page.setViewportSize({ width: 600, height: 900 });
    const why = page.getByRole('region', { name: 'Why shop with us' });
    await expect(why).toHaveAttribute('aria-roledescription', 'carousel');
    expect(await slidesInView(why)).toBe(1);
    await why.getByRole('button', { name: 'Next' }).click();
    await expect(why.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  test('Read more shows the rest of the story and Hide hides it again', async ({ page }) => {
    await openHome(page, 1280);
    const rest = page.getByText('We do not run sales');
    await expect(rest).toBeHidden();
    await page.getByRole('button', { name: 'Read more' }).click();
    await expect(rest).toBeVisible();
    const hide = page.getByRole('button', { name: 'Hide' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await hide.click();
    await expect(rest).toBeHidden();
    await expect(page.getByRole('button', { name: 'Read more' })).toBeVisible();
  });

  test('Copy link copies the address and its note goes after 2 s', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openHome(page, 1280);
    // The page notes when the text appears and goes (its own clock), so a slow machine that
    // answers late cannot stretch or shrink what is measured.
    await page.evaluate(() => {
      const note = document.querySelector('.copy-link-note')!;
      const times: { shown?: number; gone?: number } = {};
      (window as { __copyNote?: typeof times }).__copyNote = times;
      new MutationObserver(() => {
        const now = performance.now();
        if (note.textContent !== '') times.shown ??= now;
        else if (times.shown !== undefined) times.gone ??= now;
      }).observe(note, { childList: true, subtree: true, characterData: true });
    });
    const note = page.getByRole('status').filter({ hasText: 'Link copied to your clipboard.' });
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(note).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await expect(note).toBeHidden({ timeout: 15_000 });
    const { shown, gone } = await page.evaluate(
      () => (window as { __copyNote?: { shown: number; gone: number } }).__copyNote!,
    );
    expect(gone - shown).toBeGreaterThanOrEqual(1900);
    expect(gone - shown).toBeLessThan(4000);
  });

  test('a seller’s description hint slides open over 250 ms', async ({ page }) => {
    await openHome(page, 1280);
    const hint = page.getByRole('button', { name: 'Details: Classic Hoodie' });
    const text = page.getByText('A heavyweight cotton hoodie with a brushed fleece lining.');
    await expect(text).toBeHidden();
    await hint.click();
    await expect(hint).toHaveAttribute('aria-expanded', 'true');
    await expect(text).toBeVisible();
    await expect(page.locator('.description-hint-slide').first()).toHaveCSS(
      'transition-duration',
      /0\.25s/,
    );
  });

  test('a best seller goes into the cart from its slide', async ({ page }) => {
    await openHome(page, 1280);
    await page.getByRole('link', { name: 'Add to cart: “Canvas Tote”' }).click();
    await expect(
      page.getByRole('region', { name: 'Best sellers' }).getByRole('link', { name: 'View cart' }),
    ).toBeVisible();
  });

  for (const width of [390, 1280]) {
    test(`/ and /faq/ pass axe at ${width} px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/');
      await page.getByRole('button', { name: 'Read more' }).click();
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await gotoHydrated(page, '/faq/');
      await page.getByRole('button', { name: /^01/ }).first().click();
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    });
  }

  for (const width of [390, 1280]) {
    test(`the demo shows its store notice and coming-soon banner, covering nothing, beside the cookie banner (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      await gotoHydrated(page, '/');
      const notice = page.getByRole('region', { name: 'Store notice' });
      await expect(notice).toContainText(
        'This is a demo store for testing purposes — no orders shall be fulfilled.',
      );
      await expect(notice).toBeInViewport({ ratio: 1 });
      const comingSoon = page.getByRole('contentinfo').getByRole('region', { name: 'Coming soon' });
      await expect(comingSoon).toBeVisible();
      const cookieBanner = page.getByRole('region', { name: 'Cookies on this shop' });
      await expect(cookieBanner).toBeVisible();
      // Every control of the three, and the header's cart, can be pressed: nothing lies over it.
      for (const control of [
        notice.getByRole('button', { name: 'Dismiss' }),
        comingSoon.getByRole('button', { name: 'Dismiss' }),
        ...['Accept all', 'Reject all', 'Choose'].map((name) =>
          cookieBanner.getByRole('button', { name, exact: true }),
        ),
        page.getByRole('button', { name: /^Cart/ }),
      ])
        await control.click({ trial: true });
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    });
  }
});
