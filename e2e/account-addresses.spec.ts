import { expect, test } from '@playwright/test';
import { logInThroughDialog, newCustomer } from './accounts-support.ts';
import { gotoHydrated } from './support.ts';

test(
  'an address edited in my-account, with the checkout’s country rules, prefills the next checkout',
  { tag: '@database' },
  async ({ page }) => {
    const casey = await newCustomer('addresses');
    await gotoHydrated(page, '/shop/');
    await logInThroughDialog(page, casey.email, casey.password);
    await page.goto('/my-account/edit-address/');
    await expect(page.getByText('You have not set up this type of address yet.')).toHaveCount(2);
    await page.getByRole('link', { name: 'Add billing address' }).click();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

    // The country is the checkout's searchable select, styled as there: its native select is
    // hidden behind the search field.
    await expect(page.locator('#billing_country')).toHaveClass(/select2-hidden-accessible/);
    await expect(page.locator('#billing_country')).toHaveCSS('position', 'absolute');

    // The country relabels the fields, as on the checkout.
    await page.getByLabel('Country / Region').first().selectOption('GB');
    await expect(page.getByLabel(/^County/)).toBeVisible();
    await page.getByLabel('Street address').fill('221B Baker Street');
    await page.getByLabel('Town / City').fill('London');
    await page.getByLabel(/^Postcode/).fill('nope');
    await page.getByLabel('Phone').fill('020 7946 0000');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.locator('#billing_postcode_description')).toContainText(
      'is not a valid postcode',
    );

    await page.getByLabel(/^Postcode/).fill('nw16xe');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page).toHaveURL(/\/my-account\/edit-address\/$/);
    await expect(page.getByText('Address changed successfully.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('NW1 6XE');

    await page.goto('/?add-to-cart=1');
    await gotoHydrated(page, '/checkout/');
    await expect(page.getByLabel('Country / Region').first()).toHaveValue('GB');
    await expect(page.getByLabel('Street address').first()).toHaveValue('221B Baker Street');
    await expect(page.getByLabel('Town / City').first()).toHaveValue('London');
    await expect(page.getByLabel(/^Postcode/).first()).toHaveValue('NW1 6XE');
    await expect(page.getByLabel('Email address')).toHaveValue(casey.email);
  },
);
