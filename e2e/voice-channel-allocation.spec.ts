import { ADMIN, checkScreen, expect, openDialog, signInViaApi, test } from './support.ts';

test("staff change an account's channel allocation with a bad, then a good value", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Voice Services' }).click();
  await expect(page).toHaveURL('/admin/voice');
  await expect(page.getByText('Select an account to see and change its max concurrent voice channels.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Account' }).click();
  const option = page.getByRole('option').nth(1);
  const label = (await option.innerText()).trim();
  const accountName = label.split(' — ')[1] ?? label;
  await option.click();
  await expect(page.getByTestId('channel-banner')).toContainText(accountName);
  await checkScreen(page, 'voice-admin-account');

  const dialog = await openDialog(page, 'Change Allocation');
  const input = dialog.getByRole('textbox', { name: 'Max Voice Channels' });
  await input.fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a valid number of channels')).toBeVisible();
  await checkScreen(page, 'voice-channels-invalid');
  await input.fill('175');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Max Voice Channels updated to 175 for account ${accountName}`)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('channel-banner')).toContainText('175');
});
