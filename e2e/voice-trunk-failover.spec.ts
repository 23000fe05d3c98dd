import { expect, test } from '@playwright/test';
import { CUSTOMER, saveScreenshot, signInViaApi } from './support.ts';

test("a customer edits a trunk's failover group and sees it after a reload", async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer');
  await page.getByRole('link', { name: 'Voice', exact: true }).click();
  await expect(page).toHaveURL('/customer/voice');
  await expect(page.getByRole('tab', { name: 'Trunk Groups' })).toBeVisible();
  const table = page.getByRole('table', { name: 'SIP trunks' });
  const row = table.getByRole('row').nth(1);
  await expect(row).toBeVisible();
  await saveScreenshot(page, 'voice-trunks-customer');
  const name = (await row.getByRole('cell').first().innerText()).split('\n')[0]?.trim() as string;

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  const failover = dialog.getByTestId('failoverGroup-editor');
  await failover.getByRole('button', { name: 'Add IP' }).click();
  const inputs = failover.getByPlaceholder('IP address (IPv4 or IPv6)');
  const last = inputs.last();
  await last.fill('300.1.1.1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a valid IPv4 or IPv6 address')).toBeVisible();
  await last.fill('2001:db8:e2e::7');
  await failover.getByPlaceholder('Name (optional)').last().fill('E2E DR');
  await saveScreenshot(page, 'voice-trunk-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Trunk ${name} saved`)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('table', { name: 'SIP trunks' }).getByText('2001:db8:e2e::7')).toBeVisible();
});
