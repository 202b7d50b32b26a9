import { expect, test } from '@playwright/test';

/** Issue 9: the no-JavaScript forms after the edge became strict about what a post may hold. */
test.describe('no-JavaScript forms at the strict edge', () => {
  test.use({ javaScriptEnabled: false });

  test('the product form adds, and an emptied quantity box on the cart is refused, not a removal', async ({
    page,
  }) => {
    await page.goto('/product/classic-hoodie/');
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('“Classic Hoodie” has been added to your cart.')).toBeVisible();

    await page.goto('/cart/');
    const quantity = page.getByRole('spinbutton', { name: 'Quantity of Classic Hoodie' });
    await expect(quantity).toHaveValue('2');
    await quantity.fill('');
    await page.getByRole('button', { name: 'Update cart' }).click();
    await expect(page.getByRole('alert')).toContainText('valid quantity');
    await page.goto('/cart/');
    await expect(page.getByRole('spinbutton', { name: 'Quantity of Classic Hoodie' })).toHaveValue(
      '2',
    );
  });
});
