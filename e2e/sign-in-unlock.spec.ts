import { ADMIN, DEMO_PASSWORD, expect, loginPath, logOut, saveScreenshot, signIn, submitSignIn, test } from './support.ts';

const LOCKED = { email: 'priya.patel@example.com', portal: 'admin' as const };

test('a staff Admin unlocks an address someone locked by guessing, and its user signs in again', async ({ page }) => {
  // Anyone can lock a user out: five wrong passwords.
  const attempt = (password: string) =>
    page.request.post('/api/auth/login', {
      headers: { 'x-portal-csrf': '1' },
      data: { email: LOCKED.email, password, remember: false, portal: LOCKED.portal },
    });
  for (let i = 1; i <= 5; i++) await attempt(`wrong-guess-${i}`);
  expect((await attempt(DEMO_PASSWORD)).status()).toBe(423);

  await signIn(page, ADMIN);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Locked Sign-ins' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Locked sign-ins' });
  await expect(table.getByRole('row', { name: new RegExp(LOCKED.email) })).toContainText('Priya Patel');
  await saveScreenshot(page, 'locked-sign-ins');

  await table.getByRole('button', { name: `Unlock ${LOCKED.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock sign-in' });
  await expect(dialog).toContainText(`Let ${LOCKED.email} sign in again now?`);
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText(`Sign-in unlocked for ${LOCKED.email}`)).toBeVisible();
  await expect(table.getByText('No locked sign-ins')).toBeVisible();
  await logOut(page);

  // Signed in again (the portal returns to the page the last user left, so check who is signed in).
  await page.goto(loginPath(LOCKED.portal));
  await submitSignIn(page, LOCKED.email);
  await expect(page.getByRole('button', { name: 'Account menu for Priya Patel' })).toBeVisible();
});
