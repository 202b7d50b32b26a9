import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';

/**
 * Writes PNGs of the main pages at phone and desktop widths into docs/screenshots/, from the
 * built shop on a fresh demo database, so anyone can see the shop without running it.
 */
// SCREENSHOTS_PORT, when another shop (or another engineer's run) already uses 3290.
const port = Number(process.env.SCREENSHOTS_PORT ?? 3290);
const base = `http://127.0.0.1:${port}`;
const outDir = path.resolve('docs/screenshots');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-shots-'));

const server = spawn('node', ['build/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${dataDir}/shop.sqlite`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForShop(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/shop/`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the shop did not start');
}

try {
  await waitForShop();
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  for (const width of [390, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    const shot = async (name: string) => {
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(outDir, `${name}-${width}.png`), fullPage: true });
      console.log(`wrote docs/screenshots/${name}-${width}.png`);
    };
    for (const [name, url] of [
      ['home', '/'],
      ['faq', '/faq/'],
      ['my-account', '/my-account/'],
      ['contact-form', '/forms/contact/'],
      ['order-form', '/forms/order/'],
    ]) {
      await page.goto(`${base}${url}`);
      await shot(name!);
    }
    await page.goto(`${base}/shop/`);
    await shot('listing');
    await page.goto(`${base}/product-category/clothing/`);
    await shot('category');
    await page.goto(`${base}/product/classic-hoodie/`);
    await shot('product');
    // With JavaScript the product page's add opens the slide-out cart on the item.
    const addAndClose = async (name?: string) => {
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const panel = page.getByRole('dialog', { name: 'Cart' });
      await panel.getByRole('listitem').first().waitFor();
      if (name) {
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(outDir, `${name}-${width}.png`) });
        console.log(`wrote docs/screenshots/${name}-${width}.png`);
      }
      await panel.getByRole('button', { name: 'Close' }).click();
    };
    await addAndClose('product-added');
    await page.goto(`${base}/product/linen-shirt/`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByLabel('Size').selectOption('M');
    await addAndClose();
    await page.goto(`${base}/cart/`);
    await shot('cart');
    await page.getByRole('button', { name: /^Cart/ }).click();
    await page.getByRole('dialog', { name: 'Cart' }).waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(outDir, `slide-out-cart-${width}.png`) });
    console.log(`wrote docs/screenshots/slide-out-cart-${width}.png`);
    await page.getByRole('button', { name: 'Remove Classic Hoodie' }).click();
    await page.getByRole('alertdialog').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(outDir, `remove-confirm-${width}.png`) });
    console.log(`wrote docs/screenshots/remove-confirm-${width}.png`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.goto(`${base}/checkout/`);
    await shot('checkout');
    await context.close();
  }
  await browser.close();
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
