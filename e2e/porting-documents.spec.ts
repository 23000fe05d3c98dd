import { expect, test } from '@playwright/test';
import { CUSTOMER, saveScreenshot, signInViaApi } from './support.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('a customer uploads an LOA to a porting request and downloads it', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/numbers');
  await page.getByRole('tab', { name: 'Number Porting' }).click();
  const table = page.getByRole('table', { name: 'Porting requests' });
  await expect(table.getByRole('columnheader', { name: 'Request ID' })).toBeVisible();
  const row = table.getByRole('row').nth(1);
  const code = (await row.getByRole('cell').first().innerText()).trim();
  expect(code).toMatch(/^PORT-\d{4}-\d{3}$/);
  await saveScreenshot(page, 'porting-list');

  await page.getByRole('button', { name: `Upload Documents for ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: `Upload Documents — ${code}` });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'loa-e2e.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('loa-e2e.pdf uploaded')).toBeVisible();
  const link = dialog.getByRole('link', { name: 'loa-e2e.pdf' });
  await expect(link).toBeVisible();
  await saveScreenshot(page, 'porting-upload');

  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('loa-e2e.pdf');
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).equals(PDF)).toBe(true);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: `View Details of ${code}` }).click();
  const details = page.getByRole('dialog', { name: `Porting request ${code}` });
  await expect(details.getByTestId('porting-timeline')).toBeVisible();
  await expect(details.getByRole('link', { name: 'loa-e2e.pdf' })).toBeVisible();
  await saveScreenshot(page, 'porting-details');
});
