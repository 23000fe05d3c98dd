import { CUSTOMER, checkScreen, expect, openDialog, signInViaApi, test } from './support.ts';

test('a customer admin edits the company profile and adds a sub-account', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer');
  await expect(page.getByText(/Welcome back/)).toBeVisible();
  await expect(page.getByText('Usage Overview')).toBeVisible();
  await checkScreen(page, 'customer-dashboard');

  await page.goto('/customer/profile');
  await expect(page.getByRole('heading', { name: 'Company Profile', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Company Name')).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Brooklyn');
  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(page.getByLabel('Same as company address')).toBeChecked();
  await expect(page.getByLabel('Billing City')).toHaveValue('Brooklyn');
  await expect(page.getByLabel('Billing City')).toHaveAttribute('readonly', '');
  await checkScreen(page, 'company-profile-edit');
  await page.getByRole('tab', { name: 'Contact' }).click();
  await page.getByRole('textbox', { name: 'Contact Name', exact: true }).fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Contact name is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Contact Name', exact: true }).fill('Jordan Avery');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Company profile updated successfully')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Company' }).click();
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Brooklyn');
  await page.getByRole('tab', { name: 'Contact' }).click();
  await expect(page.getByRole('textbox', { name: 'Contact Name', exact: true })).toHaveValue('Jordan Avery');
  await page.getByRole('tab', { name: 'Account' }).click();
  await expect(page.getByLabel('Account Number')).toHaveValue('CUST-1001');

  await page.goto('/customer/accounts');
  await expect(page.getByRole('heading', { name: 'Sub-accounts', level: 1 })).toBeVisible();
  await checkScreen(page, 'customer-sub-accounts');
  const modal = await openDialog(page, 'Add Account');
  const save = modal.getByRole('button', { name: 'Add Account' });
  await expect(save).toBeDisabled();
  await modal.getByLabel('Account Name').fill('Acme Field Team');
  await expect(save).toBeDisabled();
  await modal.getByLabel('Account ID').fill('ACME-FIELD-1');
  await save.click();
  await expect(page.getByText('Account Acme Field Team created')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search accounts...' }).fill('Field');
  await expect(page).toHaveURL(/search=Field/);
  const row = page.getByRole('table', { name: 'Sub-accounts' }).getByRole('row', { name: /Acme Field Team/ });
  await expect(row).toContainText('30');
  await row.getByRole('link', { name: 'Acme Field Team' }).click();
  await expect(page).toHaveURL(/\/customer\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('tab', { name: 'Numbers' })).toBeVisible();
  // A customer Admin edits their sub-accounts here; deleting stays on the Sub-accounts list.
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await checkScreen(page, 'customer-account-detail');

  await page.goto('/customer/company-info?tab=accounts');
  await expect(page.getByRole('table', { name: 'Company accounts' })).toBeVisible();
  await checkScreen(page, 'company-info-accounts');
});
