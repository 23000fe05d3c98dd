import { expect, test } from '@playwright/test';
import { ADMIN, saveScreenshot, signInViaApi } from './support.ts';

test('staff filter, page and delete customers; the list state lives in the URL', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/customers');
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.getByRole('row')).toHaveCount(21);
  await expect(page.getByText('Showing 1–20 of 20')).toBeVisible();
  await saveScreenshot(page, 'customer-list');

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
  await page.getByRole('option', { name: 'Suspended' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('Suspended');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All' }).click();

  // Delete with the spec's confirmation.
  await page.getByRole('textbox', { name: 'Name' }).fill('CUST-1020');
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  const name = (await table.getByRole('row').nth(1).getByRole('link').innerText()).trim();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByText('Delete this customer? This is permanent.')).toBeVisible();
  await saveScreenshot(page, 'customer-delete-confirm');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} was deleted`)).toBeVisible();
  await expect(page.getByText('No customers found')).toBeVisible();
  await page.goto('/admin/customers');
  await expect(page.getByText('Showing 1–19 of 19')).toBeVisible();
});
