import { ADMIN, checkScreen, expect, signInViaApi, test } from './support.ts';

test('a screen whose code fails to download shows Loading chunk failed with a Reload button', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.route(/\/assets\/customer-list-page-[^/]+\.js$/, (route) => route.abort());

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
  // The shell stays usable around the error.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await checkScreen(page, 'chunk-error');

  await page.unroute(/\/assets\/customer-list-page-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
});
