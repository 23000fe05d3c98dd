import { ADMIN, checkScreen, expect, signInViaApi, test } from './support.ts';

test('the account switcher moves between accounts on the same tab; tabs follow the path', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/customers?search=CUST-1001');
  await page.getByRole('link', { name: 'Acme Communications Inc.' }).click();
  await page.getByRole('link', { name: 'Acme Main Office' }).click();
  await expect(page.getByRole('heading', { name: 'Acme Main Office', level: 1 })).toBeVisible();
  const base = new URL(page.url()).pathname;

  await page.getByRole('tab', { name: 'Voice' }).click();
  await expect(page).toHaveURL(`${base}/voice`);
  await expect(page.getByRole('tab', { name: 'Voice' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('combobox', { name: 'Switch account' }).click();
  await page.getByRole('option', { name: /Acme Marketing/ }).click();
  await expect(page.getByRole('heading', { name: 'Acme Marketing', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/accounts\/[0-9a-f-]{36}\/voice$/);
  expect(new URL(page.url()).pathname).not.toBe(`${base}/voice`);

  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByText('Account Manager').first()).toBeVisible();
  await checkScreen(page, 'account-switcher');

  await page.goto(`${base.replace(/accounts\/.*/, 'accounts/00000000-0000-4000-8000-000000000000')}`);
  await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible();
});
