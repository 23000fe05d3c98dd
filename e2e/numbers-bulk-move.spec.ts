import { CUSTOMER, checkScreen, expect, pickFirst, signInViaApi, test } from './support.ts';

test('a customer admin filters numbers and bulk-moves two of them to another account', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer');
  await page.getByRole('link', { name: 'Numbers', exact: true }).click();
  await expect(page).toHaveURL('/customer/numbers');
  await expect(page.getByText('Total Numbers')).toBeVisible();
  const table = page.getByRole('table', { name: 'Phone numbers' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await checkScreen(page, 'numbers-customer');

  // Filter: DID with Voice; paging and selection reset.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'DID' }).click();
  await page.getByRole('combobox', { name: 'Feature' }).click();
  await page.getByRole('option', { name: 'Voice' }).click();
  await expect(page).toHaveURL(/type=DID/);
  await expect(table.getByRole('row').nth(1)).toContainText('DID');

  const first = (await table.getByRole('row').nth(1).getByRole('cell').nth(1).innerText()).trim();
  const second = (await table.getByRole('row').nth(2).getByRole('cell').nth(1).innerText()).trim();
  await table.getByRole('row').nth(1).getByRole('checkbox', { name: 'Select row' }).check();
  await table.getByRole('row').nth(2).getByRole('checkbox', { name: 'Select row' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Move', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Move Numbers' });
  const targetName = await pickFirst(page, dialog, 'Target account');
  await checkScreen(page, 'numbers-move-dialog');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('Moved 2 numbers')).toBeVisible();
  await expect(page.getByText('2 selected')).toBeHidden();

  // The target account's Numbers tab now lists both numbers.
  await page.goto('/customer/accounts');
  await page.getByRole('link', { name: targetName }).first().click();
  await page.getByRole('tab', { name: 'Numbers' }).click();
  for (const number of [first, second]) {
    await page.getByRole('textbox', { name: 'Search' }).fill(number);
    await expect(page.getByRole('table', { name: 'Phone numbers' }).getByText(number)).toBeVisible();
  }
  await page.getByRole('textbox', { name: 'Search' }).fill('+19999999999');
  await expect(page.getByText('No numbers found matching your filters')).toBeVisible();
});
