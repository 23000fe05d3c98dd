import { ADMIN, expect, signInViaApi, test } from './support.ts';

test('leaving with unsaved changes asks first, and staying keeps them', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/customers?search=CUST-1004');
  await page.getByRole('link', { name: 'Summit Health Partners' }).click();
  await page.getByRole('tab', { name: 'Billing' }).click();
  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill('Chief Financial Officer (interim)');

  await page.getByRole('button', { name: 'Back' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(dialog.getByText('You have unsaved changes. Are you sure you want to leave?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(title).toHaveValue('Chief Financial Officer (interim)');
  await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}/);

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL('/admin/customers');
});
