import { checkScreen, expect, signInViaApi, test } from './support.ts';

const USER = { email: 'user@example.com', portal: 'customer' as const };

test('a customer User sees no edit actions on the company and sub-account screens', async ({ page }) => {
  await signInViaApi(page, USER);
  await page.goto('/customer/profile');
  await expect(page.getByRole('heading', { name: 'Company Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);

  await page.goto('/customer/accounts');
  await expect(page.getByRole('table', { name: 'Sub-accounts' }).getByRole('link', { name: 'Acme Main Office' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await checkScreen(page, 'customer-user-sub-accounts');

  await page.goto('/customer');
  await expect(page.getByRole('button', { name: 'View Invoices' })).toBeVisible();
  // only a customer Admin buys numbers or adds sub-accounts
  await expect(page.getByRole('button', { name: 'Add Sub-Account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Buy Number' })).toHaveCount(0);
  await page.goto('/customer/numbers');
  await expect(page.getByRole('table', { name: 'Phone numbers' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Number' })).toHaveCount(0);
});
