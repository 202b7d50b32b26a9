import { expect, test } from '@playwright/test';

test.describe('sorting the listing without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Sort lands on /shop/?orderby= with the trailing slash', async ({ page }) => {
    await page.goto('/shop/');
    await page.getByLabel('Shop order').selectOption('price');
    await page.getByRole('button', { name: 'Sort' }).click();
    await expect(page).toHaveURL(/\/shop\/\?orderby=price&paged=1$/);
    await expect(page.locator('.product-card-title').first()).toHaveText('Sticker Pack');
  });
});

test.describe('the listing at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every card’s button is one line, and the buttons of one row sit at the same height', async ({
    page,
  }) => {
    await page.goto('/shop/');
    const cards = await page.locator('.product-card').evaluateAll((elements) =>
      elements.map((card) => {
        const button = card.querySelector<HTMLElement>('.button')!;
        const range = document.createRange();
        range.selectNodeContents(button);
        const lineTops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        const style = getComputedStyle(button);
        const frame =
          parseFloat(style.paddingTop) +
          parseFloat(style.paddingBottom) +
          parseFloat(style.borderTopWidth) +
          parseFloat(style.borderBottomWidth);
        return {
          text: button.textContent!.trim(),
          cardTop: Math.round(card.getBoundingClientRect().top),
          buttonTop: button.getBoundingClientRect().top,
          lines: lineTops.size,
          // Kept on one line by squeezing, not by spilling out of the button or the card.
          spill: Math.max(
            button.scrollWidth - button.clientWidth,
            button.getBoundingClientRect().right - card.getBoundingClientRect().right,
          ),
          textHeight: button.getBoundingClientRect().height - frame,
          lineHeight: parseFloat(style.lineHeight),
          minHeight: parseFloat(style.minHeight) - frame,
        };
      }),
    );
    expect(cards.length).toBeGreaterThan(3);
    expect(new Set(cards.map((c) => c.text))).toEqual(new Set(['Add to cart', 'Select options']));
    for (const card of cards) {
      expect(card.lines, card.text).toBe(1);
      expect(card.spill, card.text).toBeLessThanOrEqual(0);
      expect(card.textHeight).toBeLessThanOrEqual(Math.max(card.lineHeight, card.minHeight) + 1);
    }
    const rows = new Map<number, typeof cards>();
    for (const card of cards) rows.set(card.cardTop, [...(rows.get(card.cardTop) ?? []), card]);
    expect(rows.size).toBeGreaterThan(1);
    for (const row of rows.values()) {
      expect(row.length).toBe(2);
      const tops = row.map((card) => card.buttonTop);
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1);
    }
  });
});

test.describe('short pages', () => {
  // A visitor who has chosen: the consent banner otherwise follows the footer in the page's flow.
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'shop_consent', value: '-', url: baseURL! }]);
  });

  for (const width of [390, 1280]) {
    test(`the footer reaches the bottom of the window at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 1400 });
      for (const url of ['/cart/', '/no-such-page/']) {
        await page.goto(url);
        const { footerBottom, windowHeight, pageHeight } = await page.evaluate(() => ({
          footerBottom: document.querySelector('.site-footer')!.getBoundingClientRect().bottom,
          windowHeight: window.innerHeight,
          pageHeight: document.documentElement.scrollHeight,
        }));
        expect(pageHeight, `${url} is a short page`).toBeLessThanOrEqual(windowHeight);
        expect(Math.abs(footerBottom - windowHeight), url).toBeLessThanOrEqual(1);
      }
    });
  }
});
