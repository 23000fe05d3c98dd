import { ADMIN, checkScreen, expect, logOut, signIn, test } from './support.ts';

const STAFF = { email: 'david.chen@example.com', portal: 'admin' as const };
const NEW_PASSWORD = 'Fresh-Start-2026!';

test('forgot password: the emailed link (read in the staff outbox) sets a new password that signs in', async ({ page }) => {
  await page.goto('/admin/forgot-password');
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  // No SMTP server is configured: a staff admin reads the email in the outbox. Its token is masked
  // there, except on this test server (PORTAL_OUTBOX_SHOW_LINKS=true, refused in production).
  await signIn(page, ADMIN);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Email' }).click();
  await expect(page.getByRole('heading', { name: 'Email Outbox' })).toBeVisible();
  await page.getByLabel('Recipient').fill('david.chen');
  const table = page.getByRole('table', { name: 'Email outbox' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: /Reset your .* password/ }).click();
  const body = await page.getByTestId('email-body').innerText();
  await checkScreen(page, 'email-outbox');
  const link = /https?:\/\/[^/\s]+(\/admin\/reset-password\?token=[\w-]+)/.exec(body)?.[1];
  expect(link).toBeTruthy();
  await page.keyboard.press('Escape');
  await logOut(page);

  await page.goto(link as string);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  await signIn(page, STAFF, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});
