import type { Page } from '@playwright/test';
import { ADMIN, checkScreen, expect, signInViaApi, submitSignIn, test } from './support.ts';

const PASSWORD = 'Signup-Journey-2026';

async function putSettings(page: Page, body: Record<string, unknown>) {
  const response = await page.request.put('/api/settings', { headers: { 'x-portal-csrf': '1' }, data: body });
  expect(response.status(), await response.text()).toBe(200);
}

/** The newest email to an address, read by staff in the outbox (links unmasked on the test server). */
async function lastEmailTo(staff: Page, to: string): Promise<string> {
  const response = await staff.request.get(`/api/admin/outbox?to=${encodeURIComponent(to)}&pageSize=10`);
  const page = (await response.json()) as { items: { subject: string; body: string }[] };
  return page.items[0]?.body ?? '';
}

test('a new customer signs up, verifies the address, is approved by staff and signs in', async ({ page, browser, baseURL }) => {
  const email = `signup-${Date.now()}@example.com`;
  const company = `Brightline Telecom ${Date.now() % 100000}`;
  await signInViaApi(page, ADMIN);
  await putSettings(page, { allowUserSelfRegistration: true, requireEmailVerification: true });
  try {
    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto('/customer/login');
    await visitor.getByRole('link', { name: 'Create an account' }).click();
    await expect(visitor.getByRole('heading', { name: 'Create an Account', level: 1 })).toBeVisible();

    // the contract's rules, inline
    await visitor.getByRole('button', { name: 'Create Account' }).click();
    await expect(visitor.getByText('Company name is required')).toBeVisible();
    await expect(visitor.getByText('Please accept the terms of service')).toBeVisible();
    await checkScreen(visitor, 'sign-up-errors');

    await visitor.getByLabel('Company Name').fill(company);
    await visitor.getByLabel('First Name').fill('Nora');
    await visitor.getByLabel('Last Name').fill('Quinn');
    await visitor.getByLabel('Work Email').fill(email);
    await visitor.getByLabel('Phone').fill('+1 212 555 0142');
    await visitor.getByLabel('Address').fill('1 Main Street');
    await visitor.getByLabel('City').fill('Springfield');
    await visitor.getByLabel(/^Password/).fill(PASSWORD);
    await visitor.getByLabel(/^Confirm Password/).fill(PASSWORD);
    await visitor.getByRole('checkbox', { name: /I accept the/ }).click();
    await visitor.getByRole('button', { name: 'Create Account' }).click();
    await expect(visitor.getByText('Check your email')).toBeVisible();

    // before the link: the sign-in says why
    await visitor.goto('/customer/login');
    await submitSignIn(visitor, email, PASSWORD);
    await expect(visitor.getByText('Please verify your email address first: open the link we emailed you.')).toBeVisible();

    const link = /https?:\/\/[^/\s]+(\/customer\/verify-email\?token=[\w-]+)/.exec(await lastEmailTo(page, email))?.[1];
    expect(link).toBeTruthy();
    await visitor.goto(link as string);
    await expect(visitor.getByText('Email verified')).toBeVisible();
    await checkScreen(visitor, 'verify-email');

    // staff see it above the customer list and approve it
    await page.goto('/admin/customers');
    const panelTitle = page.getByRole('heading', { name: /Registrations awaiting approval/ });
    const row = page.getByRole('table', { name: 'Registrations awaiting approval' }).getByRole('row', { name: new RegExp(company) });
    await expect(row).toContainText('Verified');
    await checkScreen(page, 'registrations-panel');
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(`Registration approved: ${company}`)).toBeVisible();
    await expect(panelTitle).toHaveCount(0);

    await visitor.goto('/customer/login');
    await submitSignIn(visitor, email, PASSWORD);
    await expect(visitor).toHaveURL('/customer');
    await expect(visitor.getByText(company).first()).toBeVisible();
    await visitor.context().close();
  } finally {
    await putSettings(page, { allowUserSelfRegistration: false });
  }
});

test('the sign-up page says it is closed while self-registration is off', async ({ page }) => {
  await page.goto('/customer/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
  await page.goto('/customer/sign-up');
  await expect(page.getByText('Sign-up is not available. Please contact us to open an account.')).toBeVisible();
});
