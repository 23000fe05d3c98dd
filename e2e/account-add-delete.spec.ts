import { ADMIN, checkScreen, expect, signInViaApi, test } from './support.ts';

test('staff add an account to a customer, see it, and delete it', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/customers?search=CUST-1005');
  await page.getByRole('link', { name: 'Bayside Realty Group' }).click();
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await expect(accounts.getByRole('row')).toHaveCount(4);
  await page.getByRole('link', { name: 'Add Account' }).click();
  await expect(page).toHaveURL(/\/admin\/accounts\/new\?customerId=/);
  await expect(page.getByRole('heading', { name: 'New Account', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Bayside Realty Group');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account name is required')).toBeVisible();
  await page.getByLabel('Account Name').fill('Bayside Open Houses');
  await checkScreen(page, 'new-account');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Bayside Open Houses', level: 1 })).toBeVisible();
  await expect(page.getByText('Account Information')).toBeVisible();
  await expect(page.getByText("This account uses the customer's billing information.")).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const svc = page.getByRole('dialog', { name: 'Add Service' });
  await svc.getByLabel('Service Name').fill('SMS Starter');
  await svc.getByLabel('Monthly Cost (USD)').fill('25');
  await svc.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('table', { name: 'Services' }).getByText('SMS Starter')).toBeVisible();
  await checkScreen(page, 'account-general');

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Are you sure you want to delete this account? This action cannot be undone.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Bayside Realty Group', level: 1 })).toBeVisible();
  await expect(accounts.getByRole('row')).toHaveCount(4);
  await expect(accounts.getByText('Bayside Open Houses')).toHaveCount(0);
});
