import { checkScreen, expect, test } from './support.ts';

test('a reset link with a bad token shows why, and the form checks that the passwords match', async ({ page }) => {
  await page.goto('/admin/reset-password?token=not-a-real-token-but-long-enough');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Another-Secret-9');
  await page.getByLabel('Confirm new password').fill('Different-Secret-9');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('New passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('Another-Secret-9');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired. Please ask for a new one.')).toBeVisible();
  await checkScreen(page, 'reset-password');
});

test('a reset page without a token says the link is invalid and offers a new one', async ({ page }) => {
  await page.goto('/customer/reset-password');
  await expect(page.getByText('This reset link is invalid or has expired. Please ask for a new one.')).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/customer/forgot-password');
});
