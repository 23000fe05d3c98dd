import { ADMIN, CUSTOMER, checkScreen, expect, signIn, signInViaApi, submitSignIn, test } from './support.ts';

const TEMPORARY = 'Temporary-Pass-1';
const OWN = 'Own-Choice-Pass-2';

test('a staff Admin adds a user with a temporary password, who must choose their own at the first sign-in', async ({ page, browser }) => {
  const email = `nina.ortiz.${Date.now()}@example.com`;
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row', { name: /support@example\.com/ })).toBeVisible();
  await checkScreen(page, 'users-admin-list');

  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('tab', { name: 'Add/Edit' })).toHaveAttribute('aria-selected', 'true');
  // the spec's defaults and required fields
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('Support');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Temporary Password is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Nina Ortiz');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Temporary Password').fill(TEMPORARY);
  await checkScreen(page, 'users-admin-add');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('User information saved successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nina Ortiz', level: 1 })).toBeVisible();
  await expect(page.getByLabel('New Password')).toHaveValue('');
  await checkScreen(page, 'users-admin-edit');

  // the new user signs in and is asked for a password of their own before anything else
  const context = await browser.newContext();
  const nina = await context.newPage();
  await nina.goto('/admin/login');
  await submitSignIn(nina, email, TEMPORARY);
  await expect(nina.getByRole('heading', { name: 'Choose Your Password' })).toBeVisible();
  await nina.getByLabel('Current Password').fill(TEMPORARY);
  await nina.getByLabel(/^New Password/).fill(OWN);
  await nina.getByLabel('Confirm New Password').fill(`${OWN}x`);
  await nina.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(nina.getByText('New passwords do not match')).toBeVisible();
  await nina.getByLabel('Confirm New Password').fill(OWN);
  await nina.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(nina.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await nina.reload();
  await expect(nina.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await context.close();
});

test("a customer Admin adds a user and deactivates them: the user's open session ends and sign-in is refused", async ({
  page,
  browser,
}) => {
  const email = `omar.reyes.${Date.now()}@acme.example`;
  await signIn(page, CUSTOMER);
  await page.goto('/customer/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row', { name: /user@example\.com/ })).toBeVisible();
  // the role filter
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/role=Admin/);
  await expect(table.getByRole('row', { name: /user@example\.com/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /customer@example\.com/ })).toBeVisible();
  await checkScreen(page, 'users-customer-list');

  await page.getByRole('tab', { name: 'Add/Edit' }).click();
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('User');
  await page.getByRole('textbox', { name: 'Name' }).fill('Omar Reyes');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Department' }).fill('Sales');
  await page.getByLabel('Temporary Password').fill(TEMPORARY);
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('User information saved successfully')).toBeVisible();

  // Omar signs in elsewhere and chooses his password
  const context = await browser.newContext();
  const omar = await context.newPage();
  await omar.goto('/customer/login');
  await submitSignIn(omar, email, TEMPORARY);
  await omar.getByLabel('Current Password').fill(TEMPORARY);
  await omar.getByLabel(/^New Password/).fill(OWN);
  await omar.getByLabel('Confirm New Password').fill(OWN);
  await omar.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(omar.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // the Admin deactivates him from the list, after a confirmation
  await page.goto('/customer/users');
  await page.getByRole('textbox', { name: 'Search' }).fill('Omar Reyes');
  // the search has reached the list (it waits for typing to pause): its rows are the ones acted on
  await expect(page).toHaveURL(/search=Omar/);
  const row = table.getByRole('row', { name: /Omar Reyes/ });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Deactivate Omar Reyes' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate user' });
  await expect(confirm).toContainText('They are signed out at once');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Omar Reyes is now inactive')).toBeVisible();
  await expect(row).toContainText('Inactive');
  // the Admin cannot deactivate themselves: no such action on their own row
  await page.getByRole('textbox', { name: 'Search' }).fill('customer@example.com');
  await expect(table.getByRole('button', { name: /^Deactivate / })).toHaveCount(0);

  // Omar's open session has ended; signing in again is refused
  await omar.reload();
  await expect(omar).toHaveURL(/\/customer\/login/);
  await submitSignIn(omar, email, OWN);
  await expect(omar.getByText('Invalid email or password.')).toBeVisible();
  await context.close();
});
