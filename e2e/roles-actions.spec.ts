import { CUSTOMER, checkScreen, expect, openDialog, signInViaApi, test } from './support.ts';

const SUPPORT = { email: 'support@example.com', portal: 'admin' as const };

test('a customer Admin edits a sub-account from its Edit pencil and on the account page', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  // An account of this journey's own, so that seeded accounts other journeys read stay as they are.
  await page.goto('/customer/accounts');
  const add = await openDialog(page, 'Add Account');
  await add.getByLabel('Account Name').fill('Roles Pop-up Store');
  await add.getByLabel('Account ID').fill('ACC-ROLES-01');
  await add.getByRole('button', { name: 'Add Account' }).click();
  await expect(add).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Search accounts...' }).fill('Roles Pop-up');
  await expect(page).toHaveURL(/search=Roles/);
  await expect(page.getByRole('table', { name: 'Sub-accounts' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Edit Roles Pop-up Store' }).click();
  // The pencil leads to the account page with its Edit dialog open.
  await expect(page).toHaveURL(/\/customer\/accounts\/[0-9a-f-]{36}$/);
  const edit = page.getByRole('dialog', { name: 'Edit Account' });
  await expect(edit.getByLabel('Account Name')).toHaveValue('Roles Pop-up Store');
  // The provider's account manager is not the customer's to choose.
  await expect(edit.getByRole('combobox', { name: 'Account Manager' })).toHaveCount(0);
  await checkScreen(page, 'customer-admin-account-edit');
  await edit.getByLabel('Account Name').fill('Roles Flagship Store');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Roles Flagship Store', level: 1 })).toBeVisible();
  await expect(page).not.toHaveURL(/edit=1/);

  // The account page offers Edit itself (and no Delete, which the Sub-accounts list has).
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Account' }).getByLabel('Account Name')).toHaveValue('Roles Flagship Store');
  await page.getByRole('dialog', { name: 'Edit Account' }).getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 700, height: 800 });
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await checkScreen(page, 'customer-admin-account-page-700px');
});

test('staff Support are offered no Edit, Create or Delete, and a typed create URL shows access denied', async ({ page }) => {
  await signInViaApi(page, SUPPORT);
  await page.goto('/admin/customers?search=CUST-1005');
  const customers = page.getByRole('table', { name: 'Customers' });
  await expect(customers.getByRole('link', { name: 'Bayside Realty Group' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Customer' })).toHaveCount(0);
  await expect(customers.getByRole('button', { name: /^(Edit|Delete|Impersonate) / })).toHaveCount(0);

  await customers.getByRole('link', { name: 'Bayside Realty Group' }).click();
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await expect(accounts.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add Account' })).toHaveCount(0);
  await expect(accounts.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await checkScreen(page, 'support-customer-detail');

  // An account page: no Edit or Delete.
  await accounts.getByRole('link').first().click();
  await expect(page.getByText('Account Information')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Edit|Delete)$/ })).toHaveCount(0);

  for (const path of ['/admin/customers/new', '/admin/accounts/new']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access denied', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Create/ })).toHaveCount(0);
  }
  await checkScreen(page, 'support-access-denied');
  await page.setViewportSize({ width: 700, height: 800 });
  await checkScreen(page, 'support-access-denied-700px');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/admin');
});
