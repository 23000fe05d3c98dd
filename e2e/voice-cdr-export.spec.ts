import { readFileSync } from 'node:fs';
import { CUSTOMER, checkScreen, expect, signInViaApi, test } from './support.ts';

test('a customer filters CDRs by date, pages with the cursor and exports them', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/voice');
  await page.getByRole('tab', { name: 'CDRs' }).click();
  const table = page.getByRole('table', { name: 'CDRs' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^Page 2/)).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText(/^Page 1/)).toBeVisible();

  // Export needs both dates.
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  await expect(page.getByText('Please select a start and end date for the CDR export').first()).toBeVisible();

  const end = new Date();
  const start = new Date(end.getTime() - 30 * 86_400_000);
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  await page.getByLabel('Start Date').fill(day(start));
  await page.getByLabel('End Date').fill(day(end));
  await expect(page).toHaveURL(/cdrStartDate=/);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await checkScreen(page, 'voice-cdrs');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`cdrs-${day(start)}-to-${day(end)}.csv`);
  const lines = readFileSync(await file.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('Call Date/Time,Call ID,Account,Source,Destination,Duration,Status,Direction,Cost (USD)');
  expect(lines.length).toBeGreaterThan(1);
  await expect(page.getByText(/^Exported [\d,]+ CDRs/)).toBeVisible();

  // The 382 Network tab with its type filter.
  await page.getByRole('tab', { name: 'Network' }).click();
  await expect(page.getByRole('table', { name: 'Platform IP addresses' }).getByRole('row')).toHaveCount(4);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Call Termination' }).click();
  await expect(page.getByRole('table', { name: 'IP addresses', exact: true }).getByRole('row').nth(1)).toContainText('Call Termination');
  await checkScreen(page, 'voice-network');
});
