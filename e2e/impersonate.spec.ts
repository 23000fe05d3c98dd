import { ADMIN, checkScreen, expect, signInViaApi, test } from './support.ts';

test('impersonating asks first, naming the customer; Cancel leaves the staff user where they were', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/customers?search=CUST-1002');
  await page.getByRole('button', { name: 'Impersonate Globex Logistics LLC' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impersonate customer' });
  await expect(dialog).toContainText("View the customer portal as Globex Logistics LLC's admin?");
  await checkScreen(page, 'impersonate-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/customers\?search=CUST-1002/);
  await expect(page.getByText('Viewing as')).toHaveCount(0);
});

test('staff impersonate a customer and Exit returns to that customer in the admin portal', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/customers?search=CUST-1002');
  await page.getByRole('button', { name: 'Impersonate Globex Logistics LLC' }).click();
  await page.getByRole('dialog', { name: 'Impersonate customer' }).getByRole('button', { name: 'Impersonate' }).click();
  await expect(page).toHaveURL('/customer');
  await expect(page.getByText('Viewing as Globex Logistics LLC —')).toBeVisible();
  await expect(page.getByText(/Globex Logistics LLC — here is what is happening/)).toBeVisible();
  await checkScreen(page, 'impersonating');
  await page.getByRole('button', { name: 'Exit' }).click();
  // Back at the customer's detail page, not the admin home.
  await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Globex Logistics LLC', level: 1 })).toBeVisible();
  await expect(page.getByText('Viewing as')).toHaveCount(0);
});
