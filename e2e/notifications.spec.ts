import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, CUSTOMER, checkScreen, expect, signInViaApi, test } from './support.ts';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const bellName = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');
const recent = (page: Page) => page.getByRole('list', { name: 'Recent Notifications' });

/** The signed-in user's unread count, as the server has it. */
async function unreadCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/notifications?limit=1');
  return ((await response.json()) as { unreadCount: number }).unreadCount;
}

test('a customer Admin marks a notification read and unread, and keeps the preferences and settings they save', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(recent(page).getByRole('listitem').first()).toBeVisible();
  const unread = await unreadCount(page);
  await expect(bell(page)).toHaveAccessibleName(bellName(unread));
  await checkScreen(page, 'customer-notification-center');

  // the newest notification, read then unread again (or the other way round): the row and the bell follow
  const item = recent(page).getByRole('listitem').first();
  const toggle = item.getByRole('button', { name: /^Mark as (read|unread):/ });
  const startedUnread = /^Mark as read:/.test((await toggle.getAttribute('aria-label')) ?? '');
  await toggle.click();
  await expect(toggle).toHaveAccessibleName(startedUnread ? /^Mark as unread:/ : /^Mark as read:/);
  if (startedUnread) await expect(item).not.toHaveAttribute('data-unread');
  else await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(bell(page)).toHaveAccessibleName(bellName(unread + (startedUnread ? -1 : 1)));
  await toggle.click();
  await expect(toggle).toHaveAccessibleName(startedUnread ? /^Mark as read:/ : /^Mark as unread:/);
  await expect(bell(page)).toHaveAccessibleName(bellName(unread));

  // a preference, saved from the top button, is kept
  const smsBilling = page.getByRole('checkbox', { name: 'SMS: Billing' });
  const wasOn = await smsBilling.isChecked();
  await page.getByText('SMS: Billing', { exact: true }).click();
  await expect(smsBilling).toBeChecked({ checked: !wasOn });
  await page.getByRole('button', { name: 'Save Preferences' }).first().click();
  await expect(page.getByText('Notification settings saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'SMS: Billing' })).toBeChecked({ checked: !wasOn });

  // the settings page: a flag turned off is kept
  await page.getByRole('link', { name: 'Notification Settings' }).click();
  await expect(page).toHaveURL('/customer/notifications/settings');
  await expect(page.getByRole('heading', { name: 'Notification Settings', level: 1 })).toBeVisible();
  await expect(page.getByText(/Security notifications always appear in the portal/)).toBeVisible();
  const usage90 = page.getByRole('switch', { name: /^Usage reaches 90% of budget/ });
  await expect(usage90).toBeChecked();
  // Mantine's switch input lies over its label: the click goes to the input
  await usage90.click();
  await expect(usage90).not.toBeChecked();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Notification settings saved successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: /^Usage reaches 90% of budget/ })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: /^Invoice generated/ })).toBeChecked();
  await checkScreen(page, 'customer-notification-settings');
});

/** Staff make a draft invoice for Acme and finalize it: Acme's Admins are told (invoice generated). */
async function finalizeAnAcmeInvoice(staff: APIRequestContext) {
  const headers = { 'x-portal-csrf': '1' };
  const customers = await staff.get('/api/admin/customers?search=Acme');
  expect(customers.status(), await customers.text()).toBe(200);
  const acme = ((await customers.json()) as { items: { id: string; name: string }[] }).items[0];
  expect(acme, 'Acme among the customers').toBeTruthy();
  // a period without an invoice yet (a retry finds its first one taken)
  let invoiceId = '';
  for (let month = 3; month <= 12 && !invoiceId; month++) {
    const mm = String(month).padStart(2, '0');
    const created = await staff.post('/api/invoices', {
      headers,
      data: { customerId: acme?.id, periodStart: `2018-${mm}-01`, periodEnd: `2018-${mm}-28` },
    });
    if (created.status() === 409) continue;
    expect(created.status(), await created.text()).toBe(201);
    invoiceId = ((await created.json()) as { id: string }).id;
  }
  expect(invoiceId, 'a draft invoice').not.toBe('');
  const adjusted = await staff.post(`/api/invoices/${invoiceId}/adjustments`, { headers, data: { description: 'Setup', amount: 10 } });
  expect(adjusted.status(), await adjusted.text()).toBe(200);
  const finalized = await staff.post(`/api/invoices/${invoiceId}/finalize`, { headers });
  expect(finalized.status(), await finalized.text()).toBe(200);
}

test("the customer's bell counts a notification caused by staff in another browser, without a reload", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/notifications');
  await expect(recent(page)).toBeVisible();
  const unread = await unreadCount(page);
  await expect(bell(page)).toHaveAccessibleName(bellName(unread));
  const shown = await recent(page).getByRole('listitem').count();

  const staffContext = await browser.newContext({ baseURL });
  try {
    const staff = await staffContext.newPage();
    await signInViaApi(staff, ADMIN);
    await finalizeAnAcmeInvoice(staff.request);
  } finally {
    await staffContext.close();
  }

  // well before the shell's once-a-minute refresh: the stream told the page
  await expect(bell(page)).toHaveAccessibleName(bellName(unread + 1), { timeout: 10_000 });
  await expect(recent(page).getByRole('listitem')).toHaveCount(Math.min(shown + 1, 20));
  await expect(recent(page).getByRole('listitem').first()).toContainText('New invoice');
  await expect(recent(page).getByRole('listitem').first()).toHaveAttribute('data-unread', 'true');
});
