import { generateSync } from 'otplib';
import { CUSTOMER, checkScreen, expect, logOut, signInViaApi, submitSignIn, test } from './support.ts';

const TEMPORARY = 'Temporary-Pass-1';
const OWN = 'Own-Choice-Pass-2';

/** The code an authenticator app shows for the key, `steps` 30-second steps from now (RFC 6238, SHA-1, 6 digits). */
const codeFor = (key: string, steps = 0) => generateSync({ secret: key.replace(/\s/g, ''), epoch: Date.now() / 1000 + 30 * steps });

test('a customer user enables two-factor authentication with the shown key, signs out and signs in with a code', async ({ page }) => {
  // A user of its own (the demo users stay as every other journey expects them): added by the
  // customer Admin with a temporary password, then their own password chosen through the API.
  const email = `tara.fox.${Date.now()}@acme.example`;
  await signInViaApi(page, CUSTOMER);
  const added = await page.request.post('/api/users', {
    headers: { 'x-portal-csrf': '1' },
    data: { name: 'Tara Fox', email, role: 'User', timezone: 'America/New_York', password: TEMPORARY },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.request.post('/api/auth/logout', { headers: { 'x-portal-csrf': '1' } });
  await signInViaApi(page, { email, portal: 'customer' }, TEMPORARY);
  const changed = await page.request.post('/api/auth/password', {
    headers: { 'x-portal-csrf': '1' },
    data: { currentPassword: TEMPORARY, newPassword: OWN, confirmPassword: OWN },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  // User Settings → Two-Factor Authentication: setup with the QR code, the otpauth:// link and the manual key
  await page.goto('/customer/settings?tab=two-factor');
  await expect(page.getByRole('heading', { name: 'User Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Two-Factor Authentication' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Enable Two-Factor Authentication' }).click();
  const setup = page.getByTestId('two-factor-setup');
  await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(setup.getByRole('link', { name: /open it in an authenticator app/ })).toHaveAttribute('href', /^otpauth:\/\/totp\//);
  const key = (await page.getByTestId('two-factor-key').innerText()).trim();
  expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await checkScreen(page, 'two-factor-setup');

  // the spec's message for a code that is not 6 digits
  await setup.getByLabel(/^Verification code/).fill('12345');
  await setup.getByRole('button', { name: 'Verify & Enable' }).click();
  await expect(setup.getByText('Please enter a valid 6-digit verification code')).toBeVisible();
  await setup.getByLabel(/^Verification code/).fill(codeFor(key));
  await setup.getByRole('button', { name: 'Verify & Enable' }).click();
  await expect(page.getByText('Two-factor authentication enabled successfully')).toBeVisible();
  // ten recovery codes, shown once
  const codes = (await page.getByTestId('recovery-codes').innerText()).trim().split('\n');
  expect(codes).toHaveLength(10);
  await checkScreen(page, 'two-factor-recovery-codes');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('two-factor-setup')).toBeHidden();
  await expect(page.getByText('Recovery codes left')).toBeVisible();
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();

  // sign out; the next sign-in asks the code after the password
  await logOut(page);
  await expect(page).toHaveURL('/customer/login');
  await submitSignIn(page, email, OWN);
  const code = page.getByLabel('Verification code');
  await expect(code).toBeVisible();
  await expect(page).toHaveURL('/customer/login');
  await checkScreen(page, 'two-factor-code-step');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is incorrect or has already been used.')).toBeVisible();
  // a code of the next 30 seconds (one step of drift): the one used to enable is never accepted again
  await code.fill(codeFor(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  // back where the user signed out: their settings, two-factor on
  await expect(page).toHaveURL('/customer/settings?tab=two-factor');
  await expect(page.getByRole('button', { name: /^Account menu for Tara Fox/ })).toBeVisible();
  await expect(page.getByText('Recovery codes left')).toBeVisible();
});
