import { ADMIN, checkScreen, expect, openDialog, pickFirst, signInViaApi, test } from './support.ts';

test('staff add a number from the inventory to an account and check portability', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Phone Numbers' }).click();
  await expect(page).toHaveURL('/admin/numbers');
  const totalCard = page
    .getByTestId('number-summary')
    .getByText(/^\d[\d,]*$/)
    .first();
  const before = Number((await totalCard.innerText()).replaceAll(',', ''));
  await checkScreen(page, 'numbers-admin');

  const dialog = await openDialog(page, 'Add Number');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Toll-Free' }).click();
  await expect(dialog.getByRole('row').nth(1)).toContainText('Toll-Free');
  const number = (await dialog.getByRole('row').nth(1).getByRole('cell').nth(1).innerText()).trim();
  await dialog.getByRole('checkbox', { name: `Select ${number}` }).check();
  await pickFirst(page, dialog, 'Add to account');
  await checkScreen(page, 'numbers-add-dialog');
  await dialog.getByRole('button', { name: 'Add 1 Number' }).click();
  await expect(page.getByText('Added 1 number')).toBeVisible();

  await expect(totalCard).toHaveText((before + 1).toLocaleString('en-US'));
  await page.getByRole('textbox', { name: 'Search' }).fill(number);
  await expect(page.getByRole('table', { name: 'Phone numbers' }).getByText(number)).toBeVisible();

  // Search Portability validates E.164 and says why.
  const check = await openDialog(page, 'Search Portability');
  await check.getByRole('textbox', { name: 'Phone number' }).fill('212-55');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByText('Enter a valid phone number, e.g. +1 212 555 0123 or (212) 555-0123')).toBeVisible();
  // typed the way people write it, the number is read as E.164 and the check says why it cannot be ported
  await check.getByRole('textbox', { name: 'Phone number' }).fill('+1 (415) 555-0100');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByTestId('portability-result')).toContainText('(415) 555-0100 cannot be ported in');
  await expect(check.getByTestId('portability-result')).toContainText('555 is not a valid exchange');
  await check.getByRole('textbox', { name: 'Phone number' }).fill('+442071234567');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByTestId('portability-result')).toContainText('international numbers cannot be ported');
  await checkScreen(page, 'numbers-portability');
});
