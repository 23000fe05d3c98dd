import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN, CUSTOMER, checkScreen, DEMO_PASSWORD, expect, signIn, signInViaApi, submitSignIn, test } from './support.ts';

const TEMPORARY = 'Temporary-Pass-1';
const OWN = 'Own-Choice-Pass-2';
const CSRF = { 'x-portal-csrf': '1' };

/** With PROFILE_SHOTS=<dir>: the screen at 1280×800 and at 700 px wide, for a person to look at. */
async function shots(page: Page, name: string) {
  const dir = process.env.PROFILE_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-1280.png`), animations: 'disabled' });
  await page.setViewportSize({ width: 700, height: 800 });
  await page.screenshot({ path: path.join(dir, `${name}-700.png`), animations: 'disabled', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function putSettings(page: Page, body: Record<string, unknown>) {
  const response = await page.request.put('/api/settings', { headers: CSRF, data: body });
  expect(response.status(), await response.text()).toBe(200);
}

/** A user of Acme of its own (the demo users stay as every other journey expects them), signed in on `page`. */
async function ownCustomerUser(page: Page, name: string) {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${Date.now()}@acme.example`;
  await signInViaApi(page, CUSTOMER);
  const added = await page.request.post('/api/users', {
    headers: CSRF,
    data: { name, email, role: 'User', timezone: 'America/New_York', password: TEMPORARY },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.request.post('/api/auth/logout', { headers: CSRF });
  await signInViaApi(page, { email, portal: 'customer' }, TEMPORARY);
  const changed = await page.request.post('/api/auth/password', {
    headers: CSRF,
    data: { currentPassword: TEMPORARY, newPassword: OWN, confirmPassword: OWN },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return email;
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('a customer user edits My Profile, finds it in User Settings, and sees the change in the Activity Logs', async ({ page }) => {
  const email = await ownCustomerUser(page, 'Lena Park');
  await page.goto('/customer');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/customer\/my-profile$/);

  // the read view: Personal Information, Company Information (read-only), Preferences, Security
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  const personal = section(page, 'Personal Information');
  await expect(personal.getByText('Lena', { exact: true })).toBeVisible();
  await expect(personal.getByText('Park', { exact: true })).toBeVisible();
  await expect(personal.getByText(email)).toBeVisible();
  await expect(section(page, 'Company Information').getByText('CUST-1001')).toBeVisible();
  await expect(section(page, 'Preferences').getByText('Eastern Time')).toBeVisible();
  await expect(section(page, 'Preferences').getByText('English')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await checkScreen(page, 'my-profile-view');
  await shots(page, 'my-profile-view');

  // edit: the required fields say so on their fields
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('textbox', { name: 'First Name' }).fill('');
  await page.getByRole('textbox', { name: 'Email' }).fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await checkScreen(page, 'my-profile-edit');
  await shots(page, 'my-profile-edit');

  // another user's address is refused on the field
  await page.getByRole('textbox', { name: 'First Name' }).fill('Helena');
  await page.getByRole('textbox', { name: 'Email' }).fill('customer@example.com');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('form', { name: 'Profile' }).getByText('A user with this email address already exists')).toBeVisible();

  // saved: the read view shows it, the header's name follows, a reload keeps it
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Job Title' }).fill('Operations Lead');
  await page.getByRole('textbox', { name: 'Phone' }).fill('(212) 555-0142');
  await page.getByRole('combobox', { name: 'Time Zone' }).click();
  await page.getByRole('option', { name: 'Pacific Time' }).click();
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Spanish' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(personal.getByText('Helena', { exact: true })).toBeVisible();
  await expect(personal.getByText('Operations Lead')).toBeVisible();
  await expect(section(page, 'Preferences').getByText('Pacific Time')).toBeVisible();
  await expect(section(page, 'Preferences').getByText('Spanish')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account menu for Helena Park/ })).toBeVisible();
  await page.reload();
  await expect(section(page, 'Personal Information').getByText('Operations Lead')).toBeVisible();

  // Cancel leaves it as it was
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('textbox', { name: 'Job Title' }).fill('Something Else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(section(page, 'Personal Information').getByText('Operations Lead')).toBeVisible();

  // Security's buttons open User Settings' Password and Two-Factor tabs
  await section(page, 'Security').getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/customer\/settings\?tab=password$/);
  await expect(page.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await section(page, 'Security').getByRole('link', { name: 'Enable Two-Factor Authentication' }).click();
  await expect(page).toHaveURL(/\/customer\/settings\?tab=two-factor$/);
  await expect(page.getByRole('tab', { name: 'Two-Factor Authentication' })).toHaveAttribute('aria-selected', 'true');

  // User Settings → Basic Information: the same form, open for editing
  await page.getByRole('tab', { name: 'Basic Information' }).click();
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Helena');
  await page.getByRole('textbox', { name: 'Department' }).fill('Network Operations');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await checkScreen(page, 'user-settings-basic');
  await shots(page, 'user-settings-basic');

  // Activity Logs: the user's own entries, newest first
  await page.getByRole('tab', { name: 'Activity Logs' }).click();
  const logs = page.getByRole('table', { name: 'Activity logs' });
  const rows = logs.getByRole('row');
  await expect(rows.nth(1)).toContainText('Profile update');
  await expect(rows.nth(1)).toContainText('Helena Park updated their profile');
  await expect(logs.getByRole('row', { name: /Sign in/ }).first()).toBeVisible();
  await checkScreen(page, 'user-settings-activity');
  await shots(page, 'user-settings-activity');
});

test('a staff user opens My Profile from the profile menu: the provider as company, security in System Settings', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/admin\/my-profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  const settings = await (await page.request.get('/api/settings')).json();
  const company = section(page, 'Company Information');
  await expect(company.getByText(settings.companyName)).toBeVisible();
  await expect(company.getByText(settings.supportEmail)).toBeVisible();
  await expect(section(page, 'Personal Information').getByText('admin@example.com')).toBeVisible();
  await checkScreen(page, 'my-profile-admin');
  await shots(page, 'my-profile-admin');
  await section(page, 'Security').getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\?tab=password$/);
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
});

test('an expired password signs in only to the change-password step', async ({ page, browser, baseURL }) => {
  // the demo customer user's password was set a day before the server started: a 1-day limit expires it
  await signInViaApi(page, ADMIN);
  await putSettings(page, { passwordExpiryDays: 1 });
  const context = await browser.newContext({ baseURL });
  const user = await context.newPage();
  try {
    await user.goto('/customer/login');
    await submitSignIn(user, 'user@example.com');
    await expect(user.getByRole('heading', { name: 'Change Your Password' })).toBeVisible();
    await expect(user.getByText('Your password has expired. Choose a new password to continue.')).toBeVisible();
    // the API serves nothing else meanwhile
    const refused = await user.request.get('/api/numbers');
    expect(refused.status()).toBe(403);
    await checkScreen(user, 'password-expired');
    await user.getByLabel('Current Password').fill(DEMO_PASSWORD);
    await user.getByLabel(/^New Password/).fill(OWN);
    await user.getByLabel('Confirm New Password').fill(OWN);
    await user.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(user.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect((await user.request.get('/api/numbers')).status()).toBe(200);
  } finally {
    await putSettings(page, { passwordExpiryDays: 90 });
    // the demo password back, for the other journeys
    const back = await user.request.post('/api/auth/password', {
      headers: CSRF,
      data: { currentPassword: OWN, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
    });
    expect([200, 400, 401]).toContain(back.status());
    await context.close();
  }
});

test('maintenance mode refuses customer sign-in with its message; staff still sign in', async ({ page, browser, baseURL }) => {
  const message = `Back at noon: network upgrade ${Date.now()}.`;
  await signInViaApi(page, ADMIN);
  await putSettings(page, { maintenanceMode: true, maintenanceMessage: message });
  const context = await browser.newContext({ baseURL });
  const customer = await context.newPage();
  try {
    await customer.goto('/customer/login');
    await submitSignIn(customer, CUSTOMER.email);
    await expect(customer.getByText('Down for maintenance')).toBeVisible();
    await expect(customer.getByText(message)).toBeVisible();
    await expect(customer).toHaveURL(/\/customer\/login/);
    await checkScreen(customer, 'maintenance-sign-in-refused');

    const staff = await context.newPage();
    await signIn(staff, ADMIN);
    await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await putSettings(page, {
      maintenanceMode: false,
      maintenanceMessage: 'The portal is down for scheduled maintenance. Please try again later.',
    });
    await context.close();
  }
});
