import { CUSTOMER, checkScreen, expect, openDialog, pickFirst, signInViaApi, test } from './support.ts';

test("a customer edits a trunk's failover group and sees it after a reload", async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer');
  await page.getByRole('link', { name: 'Voice', exact: true }).click();
  await expect(page).toHaveURL('/customer/voice');
  await expect(page.getByRole('tab', { name: 'Trunk Groups' })).toBeVisible();
  const table = page.getByRole('table', { name: 'SIP trunks' });
  // the first trunk's name, from its Edit button (a loading row has none)
  const firstEdit = table.getByRole('button', { name: /^Edit / }).first();
  await expect(firstEdit).toBeVisible();
  const name = ((await firstEdit.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');
  await checkScreen(page, 'voice-trunks-customer');

  // trunks take only registered addresses: register one on the Network tab first
  await page.getByRole('tab', { name: 'Network' }).click();
  await page.getByRole('button', { name: 'Register IP' }).click();
  const register = page.getByRole('dialog', { name: 'Register IP Address' });
  await pickFirst(page, register, 'Account');
  await register.getByRole('textbox', { name: 'IP Address' }).fill('2001:db8:e2e::7');
  await register.getByRole('textbox', { name: 'Description' }).fill('E2E DR site');
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('2001:db8:e2e::7 registered')).toBeVisible();
  await page.getByRole('tab', { name: 'Trunk Groups' }).click();

  const dialog = await openDialog(page, `Edit ${name}`);
  const failover = dialog.getByTestId('failoverGroup-editor');
  await failover.getByRole('button', { name: 'Add IP' }).click();
  const inputs = failover.getByPlaceholder('IP address (IPv4 or IPv6)');
  const last = inputs.last();
  await last.fill('300.1.1.1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a valid IPv4 or IPv6 address')).toBeVisible();
  await last.fill('2001:db8:e2e::8');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Register this IP address on the 382 Network tab first')).toBeVisible();
  await last.fill('2001:db8:e2e::7');
  await failover.getByPlaceholder('Name (optional)').last().fill('E2E DR');
  await checkScreen(page, 'voice-trunk-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Trunk ${name} saved`)).toBeVisible();

  await page.reload();
  // the failover group shows its first address and "+N"; every address and its name is in the tooltip
  await expect(page.getByRole('table', { name: 'SIP trunks' }).getByTitle(/2001:db8:e2e::7 \(E2E DR\)/)).toBeVisible();
});
