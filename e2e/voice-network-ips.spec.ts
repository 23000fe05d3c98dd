import { ADMIN, expect, openDialog, pickFirst, saveScreenshot, signInViaApi, test } from './support.ts';

test('staff register, describe and deactivate a customer IP on the 382 Network tab; private addresses are refused', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/voice');
  await page.getByRole('tab', { name: '382 Network' }).click();
  await expect(page.getByText('IP addresses must be registered before use.')).toBeVisible();

  await page.getByRole('button', { name: 'Register IP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register IP Address' });
  await pickFirst(page, dialog, 'Account');
  const ip = dialog.getByRole('textbox', { name: 'IP Address' });
  await ip.fill('10.0.0.1');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('Private and reserved addresses cannot be used')).toBeVisible();
  await ip.fill('2001:db8:e2e::100');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Call Termination' }).click();
  await dialog.getByRole('textbox', { name: 'Description' }).fill('E2E media server');
  await saveScreenshot(page, 'voice-ip-register');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('2001:db8:e2e::100 registered')).toBeVisible();

  const table = page.getByRole('table', { name: 'IP addresses' });
  await page.getByRole('textbox', { name: 'Search' }).fill('2001:db8:e2e::100');
  const row = table.getByRole('row', { name: /2001:db8:e2e::100/ });
  await expect(row).toContainText('Call Termination');
  await expect(row).toContainText('E2E media server');
  await expect(row).toContainText('Active');

  // the same address cannot be registered twice
  await page.getByRole('button', { name: 'Register IP' }).click();
  await pickFirst(page, dialog, 'Account');
  await dialog.getByRole('textbox', { name: 'IP Address' }).fill('2001:db8:e2e::100');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('This IP address is already registered')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const edit = await openDialog(page, 'Edit 2001:db8:e2e::100');
  await edit.getByRole('textbox', { name: 'Description' }).fill('E2E media server (HQ)');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('E2E media server (HQ)');

  await page.getByRole('button', { name: 'Deactivate 2001:db8:e2e::100' }).click();
  await expect(page.getByText('2001:db8:e2e::100 deactivated')).toBeVisible();
  await expect(row).toContainText('Inactive');
  await saveScreenshot(page, 'voice-ip-deactivated');
  await page.reload();
  await expect(page.getByRole('table', { name: 'IP addresses' }).getByRole('row', { name: /2001:db8:e2e::100/ })).toContainText('Inactive');
});
