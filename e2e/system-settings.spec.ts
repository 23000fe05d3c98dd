import type { Page } from '@playwright/test';
import { ADMIN, CUSTOMER, checkScreen, expect, signInViaApi, test } from './support.ts';

const DEFAULT_MAINTENANCE_MESSAGE = 'The portal is down for scheduled maintenance. Please try again later.';

/** Saves settings straight through the API (to put things back whatever a journey left). */
async function putSettings(page: Page, body: Record<string, unknown>) {
  const response = await page.request.put('/api/settings', { headers: { 'x-portal-csrf': '1' }, data: body });
  expect(response.status(), await response.text()).toBe(200);
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test('a staff Admin changes the session timeout within its bounds, sends a test email and finds the change in the logs', async ({
  page,
}) => {
  await signInViaApi(page, ADMIN);
  try {
    await page.goto('/admin/settings?tab=security');
    await expect(page.getByRole('heading', { name: 'System Settings', level: 1 })).toBeVisible();
    const security = page.getByRole('form', { name: 'security settings' });
    const timeout = security.getByRole('textbox', { name: 'Session Timeout' });
    await expect(timeout).toHaveValue('30');
    // the bounds are written under the field
    await expect(security.getByText('An idle session ends after this many minutes. From 5 to 1,440 minutes.')).toBeVisible();

    // out of bounds: the message is on the field and nothing is saved
    await timeout.fill('2000');
    await security.getByRole('button', { name: 'Save' }).click();
    await expect(timeout).toHaveAttribute('aria-invalid', 'true');
    await expect(security.getByText('Enter a whole number from 5 to 1,440 minutes')).toBeVisible();
    await checkScreen(page, 'system-settings-security-error');

    // a valid value: saved, and still there after a reload
    await timeout.fill('45');
    await expect(timeout).not.toHaveAttribute('aria-invalid', 'true');
    await security.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('form', { name: 'security settings' }).getByRole('textbox', { name: 'Session Timeout' })).toHaveValue('45');

    // Email: Send test email; with no SMTP server it is kept in the Email Outbox below
    await openTab(page, 'Email');
    await expect(page).toHaveURL(/\?tab=email$/);
    const testEmail = page.getByRole('form', { name: 'Send test email' });
    await testEmail.getByLabel('Send to').fill('ops@example.com');
    await testEmail.getByRole('button', { name: 'Send test email' }).click();
    await expect(testEmail.getByText('No SMTP server is configured: the test email is in the Email Outbox.')).toBeVisible();
    const outbox = page.getByRole('table', { name: 'Email outbox' });
    await expect(outbox.getByRole('row', { name: /ops@example\.com/ }).first()).toContainText('Test email');
    await checkScreen(page, 'system-settings-email');

    // Logs: the change is in the audit trail
    await openTab(page, 'Logs');
    await page.getByLabel('Search').fill('sessionTimeout');
    const logs = page.getByRole('table', { name: 'Activity logs' });
    await expect(logs.getByRole('row', { name: /Changed system settings: sessionTimeout/ }).first()).toContainText('Alex Morgan');
    await expect(page).toHaveURL(/logSearch=sessionTimeout/);
    await checkScreen(page, 'system-settings-logs');
  } finally {
    await putSettings(page, { sessionTimeout: 30 });
  }
});

test('maintenance mode signs a customer out with the message on the sign-in page; staff turn it off', async ({
  page,
  browser,
  baseURL,
}) => {
  const message = `Back at noon: database upgrade ${Date.now()}.`;
  await signInViaApi(page, ADMIN);
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  try {
    await signInViaApi(customer, CUSTOMER);
    await customer.goto('/customer');
    await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();

    await page.goto('/admin/settings?tab=maintenance');
    const form = page.getByRole('form', { name: 'maintenance settings' });
    await expect(form.getByText(/customer users are signed out on their next request/)).toBeVisible();
    await form.getByRole('switch', { name: 'Maintenance mode' }).check({ force: true });
    await form.getByLabel('Maintenance Message').fill(message);
    await form.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'Turn on maintenance mode' });
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
    await expect(page.getByText('Maintenance mode is on', { exact: true })).toBeVisible();

    // the customer's next request ends their session; the sign-in page says why
    await customer.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Numbers', exact: true }).click();
    await expect(customer).toHaveURL(/\/customer\/login/);
    await expect(customer.getByText(message)).toBeVisible();
    await checkScreen(customer, 'maintenance-sign-in');

    // staff keep working
    await page.goto('/admin/customers');
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  } finally {
    await putSettings(page, { maintenanceMode: false, maintenanceMessage: DEFAULT_MAINTENANCE_MESSAGE });
    await customerContext.close();
  }
});

test('a staff Admin sets how long call detail records are kept, within its bounds', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  try {
    await page.goto('/admin/settings?tab=api');
    const api = page.getByRole('form', { name: 'api settings' });
    const cdrs = api.getByRole('textbox', { name: 'CDR Retention' });
    await expect(cdrs).toHaveValue('730');
    await expect(
      api.getByText(
        'Call detail records older than this are purged daily. Usage figures and invoices keep their totals. From 30 to 3,650 days.',
      ),
    ).toBeVisible();

    await cdrs.fill('10');
    await api.getByRole('button', { name: 'Save' }).click();
    await expect(cdrs).toHaveAttribute('aria-invalid', 'true');
    await expect(api.getByText('Enter a whole number from 30 to 3,650 days')).toBeVisible();

    await cdrs.fill('400');
    await api.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('form', { name: 'api settings' }).getByRole('textbox', { name: 'CDR Retention' })).toHaveValue('400');
    await checkScreen(page, 'system-settings-api');
  } finally {
    await putSettings(page, { cdrRetentionDays: 730 });
  }
});
