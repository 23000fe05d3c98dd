import type { Page } from '@playwright/test';
import { CUSTOMER, checkScreen, checkScreenNarrowToo, day, downloadOf, expect, linesOf, pickDay, signInViaApi, test } from './support.ts';

/** Opens the customer's CDR tab; returns the table and the first CDR's text once rows (not the skeleton) are there. */
async function openCdrs(page: Page) {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/voice');
  await page.getByRole('tab', { name: 'CDRs' }).click();
  const table = page.getByRole('table', { name: 'CDRs' });
  const firstCdr = async () => {
    await expect(table.getByRole('row').nth(1)).toContainText(/\d\d\/\d\d\/\d{4}/);
    return (await table.getByRole('row').nth(1).textContent()) ?? '';
  };
  return { table, firstCdr };
}

test('a customer pages CDRs with the cursor; reload and Back keep the page', async ({ page }) => {
  const { table, firstCdr } = await openCdrs(page);
  const firstRow = await firstCdr();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^Page 2/)).toBeVisible();
  await expect(page).toHaveURL(/cdrCursors=/);
  await expect(table.getByRole('row').nth(1)).not.toHaveText(firstRow);
  const secondPageRow = await firstCdr();
  // The page is in the URL: a reload shows the same page.
  await page.reload();
  await expect(page.getByText(/^Page 2/)).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toHaveText(secondPageRow);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText(/^Page 1/)).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toHaveText(firstRow);
  // each page is a history entry: Back returns to page 2
  await page.goBack();
  await expect(page.getByText(/^Page 2/)).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toHaveText(secondPageRow);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText(/^Page 1/)).toBeVisible();
});

test('a customer filters CDRs by date and exports them', async ({ page }) => {
  const { table } = await openCdrs(page);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Export needs both dates, said once.
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  await expect(page.getByText('Please select a start and end date for the CDR export')).toHaveCount(1);

  // An end date before the start date: one message, on End Date, and no request.
  const end = new Date();
  const yesterday = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1);
  const listRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/voice/cdrs')) listRequests.push(r.url());
  });
  await pickDay(page, 'End Date', yesterday);
  await expect(page).toHaveURL(new RegExp(`cdrEndDate=${day(yesterday)}`));
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  listRequests.length = 0;
  await pickDay(page, 'Start Date', end);
  const orderError = page.getByText('The end date must not be before the start date');
  await expect(orderError).toHaveCount(1);
  await expect(page.getByLabel('End Date', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Export to CSV' })).toBeDisabled();
  await expect(page.getByText('No CDRs found matching your criteria')).toBeVisible();
  await page.waitForTimeout(500);
  expect(listRequests).toEqual([]);
  await checkScreen(page, 'voice-cdrs-date-order');

  const start = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 30);
  await pickDay(page, 'Start Date', start);
  await pickDay(page, 'End Date', end);
  await expect(orderError).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`cdrStartDate=${day(start)}`));
  await expect(page).toHaveURL(new RegExp(`cdrEndDate=${day(end)}`));
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await checkScreenNarrowToo(page, 'voice-cdrs');

  const file = await downloadOf(page, () => page.getByRole('button', { name: 'Export to CSV' }).click());
  expect(file.suggestedFilename()).toBe(`cdrs-${day(start)}-to-${day(end)}.csv`);
  const lines = await linesOf(file);
  expect(lines[0]).toBe('Call Date/Time,Call ID,Account,Source,Destination,Duration,Status,Direction,Cost (USD)');
  expect(lines.length).toBeGreaterThan(1);
  await expect(page.getByText(/^Exported [\d,]+ CDRs/)).toBeVisible();
});

test('a customer filters the Network tab by type', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/voice');
  await page.getByRole('tab', { name: 'Network' }).click();
  await expect(page.getByRole('table', { name: 'Platform IP addresses' }).getByRole('row')).toHaveCount(4);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Call Termination' }).click();
  await expect(page.getByRole('table', { name: 'IP addresses', exact: true }).getByRole('row').nth(1)).toContainText('Call Termination');
  await checkScreen(page, 'voice-network');
});
