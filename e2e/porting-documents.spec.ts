import { ADMIN, CUSTOMER, checkScreen, downloadOf, expect, saveScreenshot, signInViaApi, test } from './support.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('a customer uploads an LOA to a porting request and downloads it', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/numbers');
  await page.getByRole('tab', { name: 'Number Porting' }).click();
  const table = page.getByRole('table', { name: 'Porting requests' });
  await expect(table.getByRole('columnheader', { name: 'Request ID' })).toBeVisible();
  // uploads are offered on open requests only
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Pending Docs' }).click();
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('Pending Docs');
  const code = (await row.getByRole('cell').first().innerText()).trim();
  expect(code).toMatch(/^PORT-\d{4}-\d{3}$/);
  await checkScreen(page, 'porting-list');

  await page.getByRole('button', { name: `Upload Documents for ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: `Upload Documents — ${code}` });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'loa-e2e.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('loa-e2e.pdf uploaded')).toBeVisible();
  const link = dialog.getByRole('link', { name: 'loa-e2e.pdf' });
  await expect(link).toBeVisible();
  await checkScreen(page, 'porting-upload');

  const file = await downloadOf(page, () => link.click());
  expect(file.suggestedFilename()).toBe('loa-e2e.pdf');
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).equals(PDF)).toBe(true);

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: `View Details of ${code}` }).click();
  const details = page.getByRole('dialog', { name: `Porting request ${code}` });
  await expect(details.getByTestId('porting-timeline')).toBeVisible();
  await expect(details.getByRole('link', { name: 'loa-e2e.pdf' })).toBeVisible();
  await checkScreen(page, 'porting-details');
});

test('staff schedule a port with a FOC date and complete it: the number goes live on the account and the request is closed', async ({
  page,
}) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/numbers');
  await page.getByRole('tab', { name: 'Number Porting' }).click();
  const table = page.getByRole('table', { name: 'Porting requests' });
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Pending Docs' }).click();
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('Pending Docs');
  const code = (await row.getByRole('cell').first().innerText()).trim();
  const number = (await row.getByRole('cell').nth(1).innerText()).trim();

  await page.getByRole('button', { name: `View Details of ${code}` }).click();
  const details = page.getByRole('dialog', { name: `Porting request ${code}` });
  await expect(details.getByText('Scheduled for:')).toBeVisible();
  await details.getByRole('combobox', { name: 'New status' }).click();
  await page.getByRole('option', { name: 'Scheduled' }).click();
  await details.getByRole('button', { name: 'Update Status' }).click();
  await expect(details.getByText('Choose the FOC date: the day the number moves to us')).toBeVisible();

  // the FOC date: the 15th of next month, from the date picker
  await details.getByRole('button', { name: 'FOC date' }).click();
  await page.locator('.mantine-DatePickerInput-calendarHeaderControl[data-direction="next"]').click();
  await page.locator('.mantine-DatePickerInput-day:not([data-outside])').filter({ hasText: /^15$/ }).click();
  const next = new Date();
  next.setDate(1);
  next.setMonth(next.getMonth() + 1);
  const foc = `${String(next.getMonth() + 1).padStart(2, '0')}/15/${next.getFullYear()}`;
  await saveScreenshot(page, 'porting-foc-date');
  await details.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByText(`${code} is now Scheduled; the customer has been notified`)).toBeVisible();
  await expect(details.getByText(`Scheduled for: ${foc}`)).toBeVisible();

  await details.getByRole('combobox', { name: 'New status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await details.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByText(`${code} is now Completed; the customer has been notified`)).toBeVisible();
  await expect(details.getByText(`is active on`)).toBeVisible();
  // final: no status change and no upload offered any more
  await expect(details.getByRole('button', { name: 'Update Status' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Upload Documents' })).toHaveCount(0);
  await saveScreenshot(page, 'porting-completed');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(page.getByRole('button', { name: `Upload Documents for ${code}` })).toHaveCount(0);

  // the number is now on the account, Active
  // (a click while the dialog is still closing can be lost: click until the tab is the selected one)
  const numbersTab = page.getByRole('tab', { name: 'Phone Numbers' });
  await expect(async () => {
    await numbersTab.click();
    await expect(numbersTab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass();
  const numbers = page.getByRole('table', { name: 'Phone numbers' });
  await expect(numbers).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(number);
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(numbers.getByRole('row').nth(1)).toContainText('Active');
  await saveScreenshot(page, 'porting-number-active');
});
