import { ADMIN, checkScreen, expect, signInViaApi, test } from './support.ts';

test('staff filter, page and delete customers; the list state lives in the URL', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/customers');
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.getByRole('row')).toHaveCount(21);
  await expect(page.getByText('Showing 1–20 of 20')).toBeVisible();
  await checkScreen(page, 'customer-list');

  // Paging: 10 per page, then page 2 via the pagination control.
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '10 / page' }).click();
  await expect(page.getByText('Showing 1–10 of 20')).toBeVisible();
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByText('Showing 11–20 of 20')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(page.getByText('Showing 11–20 of 20')).toBeVisible();

  // Filtering resets to page 1.
  await page.getByRole('textbox', { name: 'Name' }).fill('CUST-1005');
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(page).not.toHaveURL(/page=2/);
  await page.getByRole('textbox', { name: 'Name' }).fill('no such company');
  await expect(page.getByText('No customers found')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('');

  await page.getByRole('combobox', { name: 'Status' }).click();
  // Every status a customer can have, Inactive included.
  await expect(page.getByRole('option')).toHaveText(['All', 'Active', 'Pending', 'Suspended', 'Inactive']);
  await page.getByRole('option', { name: 'Suspended' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('Suspended');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await expect(page).toHaveURL(/status=inactive/);
  await expect(table.getByRole('row').nth(1)).toContainText('Inactive');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All' }).click();

  // A customer that still holds phone numbers is refused, like an account; the confirmation says so.
  await page.getByRole('textbox', { name: 'Name' }).fill('CUST-1001');
  await expect(table.getByRole('row').nth(1)).toContainText('CUST-1001');
  const holder = (await table.getByRole('row').nth(1).getByRole('link').innerText()).trim();
  await page.getByRole('button', { name: `Delete ${holder}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Delete this customer? This is permanent.')).toBeVisible();
  await expect(confirm.getByText(/its \d+ accounts? and its users' sign-ins will go/)).toBeVisible();
  await expect(confirm.getByText(/still holds phone numbers cannot be deleted/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText(
      new RegExp(
        `${holder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} still holds \\d+ phone numbers?\\. Move or remove them before deleting the customer\\.`,
      ),
    ),
  ).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText(holder);

  // Delete with the spec's confirmation: a new customer, which holds no numbers yet.
  const created = await page.request.post('/api/admin/customers', {
    headers: { 'x-portal-csrf': '1' },
    data: {
      name: 'E2E Empty Co',
      email: 'ops@e2e-empty.example',
      phone: '+1 (212) 555-0142',
      address: '1 Test Plaza',
      city: 'New York',
      state: 'NY',
      zipCode: '10001',
      country: 'United States',
      status: 'active',
      accountManagerId: null,
    },
  });
  expect(created.status()).toBe(201);
  await page.getByRole('textbox', { name: 'Name' }).fill('E2E Empty Co');
  await expect(table.getByRole('row').nth(1)).toContainText('E2E Empty Co');
  const name = (await table.getByRole('row').nth(1).getByRole('link').innerText()).trim();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByText('Delete this customer? This is permanent.')).toBeVisible();
  await checkScreen(page, 'customer-delete-confirm');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} was deleted`)).toBeVisible();
  await expect(page.getByText('No customers found')).toBeVisible();
  await page.goto('/admin/customers');
  await expect(page.getByText('Showing 1–20 of 20')).toBeVisible();
});
