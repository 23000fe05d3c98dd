import { ADMIN, checkScreen, expect, signInViaApi, test } from './support.ts';

test('staff impersonate a customer and exit back to the admin portal', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/customers?search=CUST-1002');
  await page.getByRole('button', { name: 'Impersonate Globex Logistics LLC' }).click();
  await expect(page).toHaveURL('/customer');
  await expect(page.getByText('Viewing as Globex Logistics LLC —')).toBeVisible();
  await expect(page.getByText(/Globex Logistics LLC — here is what is happening/)).toBeVisible();
  await checkScreen(page, 'impersonating');
  await page.getByRole('button', { name: 'Exit' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Viewing as')).toHaveCount(0);
});
