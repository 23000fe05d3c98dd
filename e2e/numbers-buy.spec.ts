import { CUSTOMER, checkScreen, expect, pickFirst, signInViaApi, test } from './support.ts';

test('a customer Admin buys a number for a sub-account from the dashboard quick link', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer');
  await page.getByRole('button', { name: 'Buy Number' }).click();
  await expect(page).toHaveURL('/customer/numbers?buy=1');
  const dialog = page.getByRole('dialog', { name: 'Buy Number' });
  await expect(dialog).toBeVisible();

  // search the inventory by type; each row shows its monthly fee
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'DID' }).click();
  const row = dialog.getByRole('row').nth(1);
  await expect(row).toContainText('DID');
  const number = (await row.getByRole('cell').nth(1).innerText()).trim();
  const fee = (await row.getByRole('cell').nth(5).innerText()).trim();
  await dialog.getByRole('checkbox', { name: `Select ${number}` }).check();
  await expect(dialog.getByTestId('monthly-total')).toHaveText(`${fee} / month`);
  const accountName = await pickFirst(page, dialog, 'For sub-account');
  await checkScreen(page, 'numbers-buy-dialog');
  await dialog.getByRole('button', { name: 'Buy 1 Number' }).click();

  // the purchase is confirmed with its fee before anything is bought
  const confirm = page.getByRole('dialog', { name: 'Buy Number' }).filter({ hasText: 'billed from today' });
  await expect(confirm).toContainText(`Buy 1 number for ${fee} a month?`);
  await checkScreen(page, 'numbers-buy-confirm');
  await confirm.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByText('Bought 1 number')).toBeVisible();

  // the number is the company's now, on the chosen sub-account (the company-wide list shows the Account column)
  await page.getByRole('textbox', { name: 'Search' }).fill(number);
  const table = page.getByRole('table', { name: 'Phone numbers' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('columnheader', { name: 'Account' })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText(accountName);
  await page.reload();
  await expect(table.getByRole('row').nth(1)).toContainText(number);
});
